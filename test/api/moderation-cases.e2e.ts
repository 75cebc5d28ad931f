import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { parse } from 'csv-parse/sync';
import { RealtimeClient } from '@supabase/realtime-js';
import WebSocket from 'ws';
import { ComplianceReports, DeadlineWatch } from '#app/content-moderation';
import { JOB_SCHEDULES, QueueFactory, RecurringJobs, ScheduledJobs } from '#app/platform';
import { RealtimePublisher } from '#app/realtime';
import { FixedClock, signedInUser, staffSession, startTestPlatform, waitFor, type TestPlatform } from '#app/testing';

// Friday 20 November 2026, noon UTC: the appeal's 7 business days cross a weekend.
const clock = new FixedClock(new Date('2026-11-20T12:00:00Z'));
let platform: TestPlatform;
let moderatorA: Awaited<ReturnType<typeof staffSession>>;
let moderatorB: Awaited<ReturnType<typeof staffSession>>;
let admin: Awaited<ReturnType<typeof staffSession>>;
const ours: Record<'report' | 'takedown' | 'appeal', string> = { report: '', takedown: '', appeal: '' };

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${platform.baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      'x-forwarded-for': '203.0.113.77',
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked field by field
  const parsed: any = text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text;
  return { status: response.status, body: parsed };
}

/** A current access token: the clock jumps days ahead, past the tokens' hour. */
async function tokenOf(staff: Awaited<ReturnType<typeof staffSession>>): Promise<string> {
  const { data, error } = await staff.client.refreshSession();
  if (error || !data.session) throw error ?? new Error('no session');
  return data.session.access_token;
}

const db = () => platform.api.get(MikroORM).em.fork();
const caseRow = async (id: string) => {
  const [row] = await db().execute<{ warned_at: string | null; escalated_at: string | null; status: string }[]>(
    `select warned_at, escalated_at, status from moderation_cases where id = ?`,
    [id],
  );
  const date = (value: string | null) => (value === null ? null : new Date(value));
  return { warned_at: date(row.warned_at), escalated_at: date(row.escalated_at), status: row.status };
};
const breaches = async (id: string) =>
  (await db().execute(`select * from moderation_deadline_breaches where case_id = ?`, [id])).length;

beforeAll(async () => {
  platform = await startTestPlatform({ clock });
  [moderatorA, moderatorB, admin] = [
    await staffSession(platform, 'moderator', () => clock.now()),
    await staffSession(platform, 'moderator', () => clock.now()),
    await staffSession(platform, 'admin', () => clock.now()),
  ];
});

afterAll(async () => {
  await platform?.close();
});

describe('reports, takedown requests and appeals', () => {
  it('takes each from anyone, with the deadline of the policy', async () => {
    const report = await call('POST', '/api/moderation/reports', null, {
      subjectType: 'store',
      subjectId: 'studio-123',
      reason: 'non_consensual',
      details: 'The person in this album did not agree to it.',
    });
    expect(report).toMatchObject({ status: 201, body: { dueAt: '2026-11-22T12:00:00.000Z' } });
    const takedown = await call('POST', '/api/moderation/takedown-requests', null, {
      subjectType: 'account',
      subjectId: 'uploader-9',
      reason: 'depicted_without_consent',
      details: 'This video shows me and I never consented.',
      email: 'depicted@example.test',
    });
    expect(takedown).toMatchObject({ status: 201, body: { dueAt: '2026-11-21T12:00:00.000Z' } });
    const appeal = await call('POST', '/api/moderation/appeals', null, {
      subjectType: 'account',
      subjectId: 'uploader-9',
      reason: 'depicted_person',
      details: 'I am in this video; please review my request again.',
      email: 'depicted@example.test',
    });
    // Friday noon + 7 business days = Tuesday 1 December noon.
    expect(appeal).toMatchObject({ status: 201, body: { dueAt: '2026-12-01T12:00:00.000Z' } });
    ours.report = report.body.id;
    await platform.drain();
    await platform.inbox.waitFor(moderatorA.email, /New Takedown request: due Sat, 21 Nov 2026 12:00:00 GMT/);
    ours.takedown = takedown.body.id;
    ours.appeal = appeal.body.id;

    const fan = await signedInUser(platform);
    const signedIn = await call('POST', '/api/moderation/reports', fan.session.access_token, {
      subjectType: 'store',
      subjectId: 'some-store',
      reason: 'spam',
      details: 'This store only posts spam links.',
    });
    const [row] = await db().execute<{ reporter_user_id: string; reporter_email: string }[]>(
      `select reporter_user_id, reporter_email from moderation_cases where id = ?`,
      [signedIn.body.id],
    );
    expect(row).toEqual({ reporter_user_id: fan.session.user.id, reporter_email: fan.email });
    // A moderator closes it, so the deadline job below has only the cases it looks at.
    const token = await tokenOf(moderatorA);
    expect((await call('POST', `/api/admin/moderation/cases/${signedIn.body.id}/claim`, token)).status).toBe(200);
    expect(
      (
        await call('POST', `/api/admin/moderation/cases/${signedIn.body.id}/resolve`, token, {
          outcome: 'no_action',
          note: 'A test report, nothing to act on',
        })
      ).status,
    ).toBe(200);
  });

  it('tells moderators of a new case live, on staff:moderation', async () => {
    const live = new RealtimeClient(`${platform.baseUrl}/realtime/v1`, {
      params: { apikey: 'fanmint-public-anon-key' },
      transport: WebSocket as never,
      timeout: 5000,
    });
    void live.setAuth(moderatorA.token);
    const heard: { payload: Record<string, unknown> }[] = [];
    const channel = live
      .channel('staff:moderation', { config: { private: true } })
      .on('broadcast', { event: 'case.opened' }, (message) => heard.push(message as unknown as (typeof heard)[number]));
    expect(await new Promise((resolve) => channel.subscribe((status) => resolve(status)))).toBe('SUBSCRIBED');
    const report = await call('POST', '/api/moderation/reports', null, {
      subjectType: 'store',
      subjectId: 'studio-live',
      reason: 'spam',
      details: 'This store only posts spam links.',
    });
    expect(report.status).toBe(201);
    await platform.drain();
    const heardIt = () => heard.some((message) => message.payload.caseId === report.body.id);
    await waitFor(heardIt, { timeoutMs: 5000, what: 'the case.opened broadcast' }).catch(() => undefined);
    expect(heard.find((message) => message.payload.caseId === report.body.id)?.payload).toEqual({
      caseId: report.body.id,
      kind: 'report',
      subjectType: 'store',
      reason: 'spam',
      dueAt: report.body.dueAt,
    });
    await live.disconnect();
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const [{ n: before }] = await db().execute<{ n: number }[]>(`select count(*)::int as n from moderation_cases`);
    const cases: [string, unknown, RegExp][] = [
      [
        '/api/moderation/reports',
        { subjectType: 'content', subjectId: 'x', reason: 'boring', details: 'Not a reason we know.' },
        /reason must be one of/,
      ],
      [
        '/api/moderation/reports',
        { subjectType: 'planet', subjectId: 'x', reason: 'spam', details: 'Unknown subject type here.' },
        /subjectType must be one of/,
      ],
      [
        '/api/moderation/reports',
        { subjectType: 'content', subjectId: 'x', reason: 'spam', details: 'short' },
        /at least 10 characters/,
      ],
      [
        '/api/moderation/takedown-requests',
        { subjectType: 'content', subjectId: 'x', reason: 'copyright', details: 'This is my photo, copied here.' },
        /email must be an email address/,
      ],
      [
        '/api/moderation/appeals',
        {
          subjectType: 'content',
          subjectId: 'x',
          reason: 'depicted_person',
          details: 'Please look at this again.',
          email: 'not-an-email',
        },
        /email must be an email address/,
      ],
    ];
    for (const [path, body, message] of cases) {
      const response = await call('POST', path, null, body);
      expect(response.status).toBe(400);
      expect(String(response.body.message)).toMatch(message);
    }
    const [{ n: after }] = await db().execute<{ n: number }[]>(`select count(*)::int as n from moderation_cases`);
    expect(after).toBe(before);
  });

  it('lists open cases to moderators by deadline, soonest first, with the time left', async () => {
    const queue = await call('GET', '/api/admin/moderation/cases', moderatorA.token);
    const mine = (queue.body.items as { id: string; stage: string; remainingMs: number }[]).filter((item) =>
      Object.values(ours).includes(item.id),
    );
    expect(mine.map((item) => item.id)).toEqual([ours.takedown, ours.report, ours.appeal]);
    expect(mine[0]).toMatchObject({ stage: 'on_time', remainingMs: 24 * 3600 * 1000 });
    const takedowns = await call('GET', '/api/admin/moderation/cases?kind=takedown', moderatorA.token);
    expect((takedowns.body.items as { kind: string }[]).every((item) => item.kind === 'takedown')).toBe(true);
    const fan = await signedInUser(platform);
    expect((await call('GET', '/api/admin/moderation/cases', fan.session.access_token)).status).toBe(403);
    expect((await call('GET', '/api/admin/moderation/cases?kind=complaint', moderatorA.token)).status).toBe(400);
  });
});

describe('deadlines kept by the scheduled job (injected clock)', () => {
  /** What the worker announced on staff:moderation about a case's deadline. */
  const deadlineNotices: { caseId: unknown; stage: unknown }[] = [];
  beforeAll(() => {
    const publisher = platform.worker!.get(RealtimePublisher);
    const publish = publisher.publish.bind(publisher);
    publisher.publish = async (topic, event, payload) => {
      const notice = payload as { caseId?: unknown; stage?: unknown };
      if (topic === 'staff:moderation' && event === 'case.deadline')
        deadlineNotices.push({ caseId: notice.caseId, stage: notice.stage });
      return publish(topic, event, payload);
    };
  });

  it('warns moderators once when a quarter of the time is left', async () => {
    const watch = platform.worker!.get(DeadlineWatch);
    clock.set(new Date('2026-11-21T05:59:00Z')); // takedown: warn at 06:00 (18 of 24 hours)
    await watch.run(clock.now());
    expect((await caseRow(ours.takedown)).warned_at).toBeNull();
    clock.set(new Date('2026-11-21T06:00:00Z'));
    await Promise.all([watch.run(clock.now()), watch.run(clock.now())]);
    expect((await caseRow(ours.takedown)).warned_at).toEqual(new Date('2026-11-21T06:00:00Z'));
    expect((await caseRow(ours.report)).warned_at).toBeNull();
    await platform.drain();
    const warning = await platform.inbox.waitFor(moderatorA.email, /Takedown request due soon/);
    expect(warning.text).toContain(ours.takedown);
    await watch.run(clock.now());
    await platform.drain();
    expect(
      platform.inbox.messages.filter(
        (mail) => mail.to.includes(moderatorA.email) && mail.subject.includes('Takedown request due soon'),
      ),
    ).toHaveLength(1);
    // And live, once, to moderators with the console open.
    expect(deadlineNotices.filter((notice) => notice.caseId === ours.takedown)).toEqual([
      { caseId: ours.takedown, stage: 'due_soon' },
    ]);
  });

  it('escalates to admins once and records the breach once when the deadline passes, even with two workers', async () => {
    const watch = platform.worker!.get(DeadlineWatch);
    clock.set(new Date('2026-11-21T12:00:00Z'));
    await Promise.all([watch.run(clock.now()), watch.run(clock.now()), watch.run(clock.now())]);
    expect(await caseRow(ours.takedown)).toMatchObject({
      escalated_at: new Date('2026-11-21T12:00:00Z'),
      status: 'open',
    });
    expect(await breaches(ours.takedown)).toBe(1);
    await platform.drain();
    await platform.inbox.waitFor(admin.email, /Deadline missed: Takedown request/);
    expect(
      platform.inbox.messages.filter((mail) => mail.to.includes(admin.email) && mail.subject.includes(ours.takedown)),
    ).toHaveLength(1);
    expect(
      platform.inbox.messages.filter(
        (mail) => mail.to.includes(moderatorA.email) && mail.subject.startsWith('Deadline missed'),
      ),
    ).toHaveLength(0);
    expect(deadlineNotices.filter((notice) => notice.caseId === ours.takedown)).toEqual([
      { caseId: ours.takedown, stage: 'due_soon' },
      { caseId: ours.takedown, stage: 'overdue' },
    ]);

    const queue = await call('GET', '/api/admin/moderation/cases', await tokenOf(moderatorA));
    const takedown = (queue.body.items as { id: string; stage: string; breached: boolean; remainingMs: number }[]).find(
      (item) => item.id === ours.takedown,
    )!;
    expect(takedown).toMatchObject({ stage: 'overdue', breached: true, remainingMs: 0 });
  });

  it('lets one moderator claim and resolve a case; the other gets 409; the decision is audited with whether it was on time', async () => {
    clock.set(new Date('2026-11-21T13:00:00Z'));
    const claims = await Promise.all([
      call('POST', `/api/admin/moderation/cases/${ours.report}/claim`, await tokenOf(moderatorA)),
      call('POST', `/api/admin/moderation/cases/${ours.report}/claim`, await tokenOf(moderatorB)),
    ]);
    expect(claims.map((claim) => claim.status).sort()).toEqual([200, 409]);
    const holder = claims[0].status === 200 ? moderatorA : moderatorB;
    const other = holder === moderatorA ? moderatorB : moderatorA;
    expect(
      (
        await call('POST', `/api/admin/moderation/cases/${ours.report}/resolve`, await tokenOf(other), {
          outcome: 'no_action',
          note: 'Looked fine to me.',
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await call('POST', `/api/admin/moderation/cases/${ours.report}/resolve`, await tokenOf(holder), {
          outcome: 'account_actioned',
        })
      ).status,
    ).toBe(400);
    const resolved = await call('POST', `/api/admin/moderation/cases/${ours.report}/resolve`, await tokenOf(holder), {
      outcome: 'account_actioned',
      note: 'Consent could not be shown; the store was suspended.',
    });
    expect(resolved.body).toMatchObject({
      status: 'resolved',
      outcome: 'account_actioned',
      resolvedBy: holder.userId,
      breached: false,
    });
    const [entry] = await db().execute<{ details: { onTime: boolean; after: { status: string } } }[]>(
      `select details from audit_log where target_id = ? and action = 'moderation.case_resolved'`,
      [ours.report],
    );
    expect(entry.details).toMatchObject({ onTime: true, after: { status: 'resolved' } });
    expect(
      (await call('POST', `/api/admin/moderation/cases/${ours.report}/claim`, await tokenOf(holder))).body,
    ).toMatchObject({ code: 'already_resolved' });

    await call('POST', `/api/admin/moderation/cases/${ours.takedown}/claim`, await tokenOf(moderatorA));
    await call('POST', `/api/admin/moderation/cases/${ours.takedown}/resolve`, await tokenOf(moderatorA), {
      outcome: 'account_actioned',
      note: 'Actioned after the deadline.',
    });
  });
});

describe('compliance reports', () => {
  it('produces last month’s report and last quarter’s audit once each, even when two workers run at once', async () => {
    clock.set(new Date('2026-12-01T00:10:00Z'));
    const reportsA = platform.worker!.get(ComplianceReports);
    const reportsB = platform.api.get(ComplianceReports);
    const [first, second] = await Promise.all([reportsA.generateDue(clock.now()), reportsB.generateDue(clock.now())]);
    expect([...first, ...second].sort()).toEqual(['monthly 2026-11', 'quarterly 2026-Q3']);
    expect(await reportsA.generateDue(clock.now())).toEqual([]);

    const list = await call('GET', '/api/admin/moderation/compliance-reports', await tokenOf(admin));
    const november = (
      list.body.items as {
        kind: string;
        period: string;
        id: string;
        incidents: number;
        summary: Record<string, unknown>;
      }[]
    ).find((item) => item.kind === 'monthly' && item.period === '2026-11')!;
    expect(november.incidents).toBeGreaterThanOrEqual(2); // our takedown (breach + action) and report (action)
    expect(november.summary).toMatchObject({
      zeroIncident: false,
      takedowns: { deadlineBreaches: expect.any(Number) },
    });
    const q3 = (
      list.body.items as { kind: string; period: string; incidents: number; summary: Record<string, unknown> }[]
    ).find((item) => item.kind === 'quarterly' && item.period === '2026-Q3')!;
    expect(q3).toMatchObject({
      incidents: 0,
      summary: { zeroIncident: true, statement: expect.stringMatching(/^No incidents in 2026-Q3/) },
    });

    const csv = await call('GET', `/api/admin/moderation/compliance-reports/${november.id}/csv`, await tokenOf(admin));
    const rows = parse(csv.body as string, { columns: true }) as Record<string, string>[];
    expect(rows.find((row) => row.case_id === ours.takedown)).toMatchObject({
      kind: 'takedown',
      outcome: 'account_actioned',
      deadline_breached: 'yes',
    });
    expect(rows.find((row) => row.case_id === ours.report)).toMatchObject({ kind: 'report', deadline_breached: 'no' });
    expect((await call('GET', '/api/admin/moderation/compliance-reports', await tokenOf(moderatorA))).status).toBe(403);
  });

  it('registers the recurring jobs once, however many workers start', async () => {
    // Four workers' schedulers tick every recurring job in the same period at once. They enqueue to
    // queues of their own that nothing consumes: here the jobs would run on the suites' shared
    // database (month-end would close a month for every suite).
    const queues = new QueueFactory({
      ...platform.config,
      QUEUE_SCHEMA: `${platform.config.QUEUE_SCHEMA}_ticks`,
      REDIS_PREFIX: `${platform.config.REDIS_PREFIX}ticks`,
    });
    const schedulers = [1, 2, 3, 4].map(
      () => new RecurringJobs(new ScheduledJobs(platform.api.get(MikroORM), queues, clock)),
    );
    await Promise.all(schedulers.flatMap((scheduler) => JOB_SCHEDULES.map((schedule) => scheduler[schedule.method]())));
    const registered: string[] = [];
    for (const name of new Set(JOB_SCHEDULES.map((schedule) => schedule.queue))) {
      registered.push(...(await queues.queue(name).getJobs()).map((job) => `${name}:${job.name}`));
    }
    expect(registered.sort()).toEqual(JOB_SCHEDULES.map((schedule) => `${schedule.queue}:${schedule.name}`).sort());
    expect(registered).toEqual(
      expect.arrayContaining(['moderation:check-deadlines', 'moderation:compliance-reports', 'payouts:month-end']),
    );
    // Nobody consumes these queues: leave no job behind.
    for (const name of new Set(JOB_SCHEDULES.map((schedule) => schedule.queue)))
      await queues.queue(name).obliterate({ force: true });
    await queues.onApplicationShutdown();
  });
});
