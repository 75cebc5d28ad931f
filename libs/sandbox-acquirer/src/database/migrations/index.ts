import type pg from 'pg';

/** The acquirer's own tables, in its own schema. Applied in order at start; never edited once shipped. */
export const MIGRATIONS: ReadonlyArray<{ name: string; sql: string }> = [
  {
    name: '0001-initial',
    sql: `
      create table checkout_sessions (
        id text primary key,
        status text not null check (status in ('open', 'complete', 'expired')),
        amount bigint not null check (amount > 0),
        currency text not null,
        reference text not null,
        description text not null,
        customer_id text null,
        save_card boolean not null default false,
        success_url text not null,
        cancel_url text not null,
        payment_id text null,
        expires_at timestamptz not null,
        created_at timestamptz not null default now(),
        completed_at timestamptz null
      );
      create index checkout_sessions_open_idx on checkout_sessions (expires_at) where status = 'open';

      -- A saved card: the sandbox network's random token and what a customer may see, never the number.
      create table payment_methods (
        id text primary key,
        customer_id text not null,
        card_token text not null,
        behaviour text not null,
        brand text not null,
        last4 text not null check (last4 ~ '^[0-9]{4}$'),
        exp_month int not null,
        exp_year int not null,
        decline_code text null,
        created_at timestamptz not null default now(),
        deleted_at timestamptz null
      );
      create index payment_methods_customer_idx on payment_methods (customer_id) where deleted_at is null;

      create table payments (
        id text primary key,
        status text not null check (status in ('succeeded', 'failed', 'refunded')),
        initiated_by text not null check (initiated_by in ('customer', 'merchant')),
        amount bigint not null check (amount > 0),
        currency text not null,
        reference text not null,
        description text null,
        customer_id text null,
        session_id text null references checkout_sessions (id),
        payment_method_id text null references payment_methods (id),
        card_token text not null,
        brand text not null,
        last4 text not null,
        exp_month int not null,
        exp_year int not null,
        failure_code text null,
        failure_message text null,
        dispute_due_at timestamptz null,
        created_at timestamptz not null default now()
      );
      create index payments_session_idx on payments (session_id);
      create index payments_dispute_due_idx on payments (dispute_due_at) where dispute_due_at is not null;

      -- A 3-D Secure challenge waiting for the customer's one-time code.
      create table challenges (
        id text primary key,
        session_id text not null references checkout_sessions (id),
        status text not null check (status in ('pending', 'passed', 'failed')),
        card_token text not null,
        behaviour text not null,
        brand text not null,
        last4 text not null,
        exp_month int not null,
        exp_year int not null,
        payment_method_id text null references payment_methods (id),
        save_card boolean not null,
        created_at timestamptz not null default now()
      );

      create table refunds (
        id text primary key,
        payment_id text not null unique references payments (id),
        amount bigint not null,
        currency text not null,
        created_at timestamptz not null default now()
      );

      create table disputes (
        id text primary key,
        payment_id text not null unique references payments (id),
        status text not null check (status in ('needs_response', 'under_review', 'won', 'lost')),
        reason text not null,
        amount bigint not null,
        currency text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );

      create table crypto_invoices (
        id text primary key,
        status text not null check (status in ('awaiting_payment', 'confirming', 'confirmed')),
        amount bigint not null check (amount > 0),
        currency text not null,
        reference text not null,
        address text not null unique,
        token_amount bigint not null,
        confirmations int not null default 0,
        required_confirmations int not null,
        paid_at timestamptz null,
        last_confirmation_at timestamptz null,
        confirmed_at timestamptz null,
        created_at timestamptz not null default now()
      );

      -- Same key + same request = the stored answer; same key + another request = 409.
      create table idempotency_keys (
        scope text not null,
        key text not null,
        request_hash text not null,
        response_status int not null,
        response_body jsonb not null,
        created_at timestamptz not null default now(),
        primary key (scope, key)
      );

      create table events (
        id text primary key,
        type text not null,
        data jsonb not null,
        created_at timestamptz not null default now()
      );

      -- One row per delivery attempt series; chaos mode may add two for one event.
      create table webhook_deliveries (
        id bigserial primary key,
        event_id text not null references events (id),
        status text not null check (status in ('pending', 'delivered', 'failed')),
        attempts int not null default 0,
        next_attempt_at timestamptz not null default now(),
        held boolean not null default false,
        last_response_status int null,
        last_error text null,
        delivered_at timestamptz null,
        created_at timestamptz not null default now()
      );
      create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at, id) where status = 'pending';

      create table settings (
        key text primary key,
        value jsonb not null
      );
    `,
  },
];

/** Creates the schema and applies pending migrations, once even when several instances start together. */
export async function migrateAcquirer(client: pg.ClientBase, schema: string): Promise<string[]> {
  const applied: string[] = [];
  await client.query('begin');
  try {
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [`acquirer-migrations:${schema}`]);
    await client.query(`create schema if not exists "${schema}"`);
    await client.query(`set local search_path to "${schema}"`);
    await client.query(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const { rows } = await client.query<{ name: string }>('select name from schema_migrations');
    const done = new Set(rows.map((row) => row.name));
    for (const migration of MIGRATIONS) {
      if (done.has(migration.name)) continue;
      await client.query(migration.sql);
      await client.query('insert into schema_migrations (name) values ($1)', [migration.name]);
      applied.push(migration.name);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  return applied;
}
