import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ConversationTopicPolicy } from '#app/messaging';
import { startMessagingPlatform, type Creator, type MessagingFixtures } from './messaging-fixtures.js';

/** Block, mute, reports that open moderation cases, and the spam rules, each with its own error (issue 22). */
let f: MessagingFixtures;
let creator: Creator;

beforeAll(async () => {
  f = await startMessagingPlatform();
  creator = await f.creator('safe');
}, 120_000);

afterAll(async () => {
  await f?.platform.close();
});

describe('block', () => {
  it('stops both sides sending while it stands, keeps typing and presence off the live channel, and lifts', async () => {
    const fan = await f.fan();
    const id = await f.open(fan, creator);
    await f.sent(creator.token, id, 'Hello from the studio');
    const blocked = await f.call('PUT', `/api/messages/conversations/${id}/block`, fan.token);
    expect(blocked.body).toMatchObject({ blockedByMe: true, closed: true });
    expect((await f.call('GET', `/api/messages/conversations/${id}`, creator.token)).body).toMatchObject({
      blockedByMe: false,
      closed: true,
    });
    const rows = await f.messageRows(id);
    expect(await f.send(creator.token, id, 'Are you there?')).toMatchObject({
      status: 403,
      body: { code: 'conversation_blocked' },
    });
    expect(await f.send(fan.token, id, 'One more thing')).toMatchObject({ status: 403, body: { code: 'you_blocked' } });
    expect(await f.messageRows(id)).toBe(rows);
    // Both members' live subscriptions end; rejoining, they read but neither types nor shows presence.
    expect(
      f
        .events(`conversation:${id}`, 'revoke')
        .map((event) => event.payload.userId)
        .sort(),
    ).toEqual([fan.userId, creator.userId].sort());
    const policy = f.platform.api.get(ConversationTopicPolicy);
    for (const member of [fan, creator])
      expect(await policy.access(member.userId, id)).toEqual({ write: false, presence: false });
    // History stays readable to both.
    expect((await f.call('GET', `/api/messages/conversations/${id}/messages`, creator.token)).body.items).toHaveLength(
      1,
    );
    // Blocking again changes nothing; only the blocker lifts their block.
    expect((await f.call('PUT', `/api/messages/conversations/${id}/block`, fan.token)).body.blockedByMe).toBe(true);
    expect((await f.call('DELETE', `/api/messages/conversations/${id}/block`, creator.token)).body.closed).toBe(true);
    expect(await f.send(creator.token, id, 'Are you there?')).toMatchObject({ status: 403 });
    expect((await f.call('DELETE', `/api/messages/conversations/${id}/block`, fan.token)).body).toMatchObject({
      blockedByMe: false,
      closed: false,
    });
    expect((await f.send(creator.token, id, 'Welcome back')).status).toBe(201);
    expect(await policy.access(fan.userId, id)).toEqual({ write: true, presence: true });
  });

  it("is the caller's own: a stranger's block, mute or report of the conversation answers 404 and changes nothing", async () => {
    const fan = await f.fan();
    const id = await f.open(fan, creator);
    const stranger = await f.fan();
    for (const [method, path] of [
      ['PUT', 'block'],
      ['DELETE', 'block'],
      ['PUT', 'mute'],
      ['DELETE', 'mute'],
    ] as const) {
      expect((await f.call(method, `/api/messages/conversations/${id}/${path}`, stranger.token)).status).toBe(404);
    }
    expect(
      (
        await f.call('POST', `/api/messages/conversations/${id}/reports`, stranger.token, {
          reason: 'spam',
          details: 'I was never part of this',
        })
      ).status,
    ).toBe(404);
    const members = await f
      .db()
      .execute(
        `select user_id, muted_at, blocked_at from conversation_members where conversation_id = ? order by user_id`,
        [id],
      );
    expect(members.every((row) => row.muted_at === null && row.blocked_at === null)).toBe(true);
  });
});

describe('reports', () => {
  it('turns a reported message into a moderation case due in 48 hours, with the message as its evidence', async () => {
    const fan = await f.fan();
    const id = await f.open(fan, creator);
    await f.sent(creator.token, id, 'A perfectly normal greeting');
    const offending = await f.sent(creator.token, id, 'Something the fan finds abusive');
    const own = await f.sent(fan.token, id, 'Please stop');
    const before = Date.now();
    const report = await f.call('POST', `/api/messages/conversations/${id}/reports`, fan.token, {
      reason: 'hate',
      details: 'This message insults me',
      messageId: offending.id,
    });
    expect(report.status).toBe(201);
    const due = new Date(report.body.dueAt).getTime();
    expect(due - before).toBeGreaterThan(47.9 * 3600_000);
    expect(due - before).toBeLessThan(48.1 * 3600_000);

    const cases = await f.call('GET', '/api/admin/moderation/cases?kind=report', f.moderator.token);
    const opened = cases.body.items.find((item: { id: string }) => item.id === report.body.id);
    expect(opened).toMatchObject({
      kind: 'report',
      subjectType: 'message',
      subjectId: offending.id,
      reason: 'hate',
      reporterEmail: fan.email,
      status: 'open',
      stage: 'on_time',
    });
    expect(opened.details).toContain('This message insults me');
    expect(opened.details).toContain('Something the fan finds abusive');
    const evidence = await f.call('GET', `/api/admin/messages/reports/${report.body.id}`, f.moderator.token);
    expect(evidence.body).toMatchObject({
      caseId: report.body.id,
      conversationId: id,
      messageId: offending.id,
      reporterId: fan.userId,
      reportedUserId: creator.userId,
      reported: { id: offending.id, text: 'Something the fan finds abusive' },
    });
    expect(evidence.body.context.map((m: { text: string }) => m.text)).toEqual(['A perfectly normal greeting']);
    // Every read of private messages is in the audit log, with who read which case.
    const [audit] = await f
      .db()
      .execute<{ actor_id: string; target_type: string; details: { messageId: string } }[]>(
        `select actor_id, target_type, details from audit_log where action = 'message_report.viewed' and target_id = ?`,
        [report.body.id],
      );
    expect(audit).toMatchObject({
      actor_id: f.moderator.userId,
      target_type: 'moderation_case',
      details: { messageId: offending.id },
    });
    // The evidence is for staff only.
    expect((await f.call('GET', `/api/admin/messages/reports/${report.body.id}`, fan.token)).status).toBe(403);
    expect((await f.call('GET', `/api/admin/messages/reports/${report.body.id}`, creator.token)).status).toBe(403);

    // Once per message; a member reports what they received, not their own words.
    expect(
      (
        await f.call('POST', `/api/messages/conversations/${id}/reports`, fan.token, {
          reason: 'hate',
          details: 'This message insults me',
          messageId: offending.id,
        })
      ).body.code,
    ).toBe('already_reported');
    expect(
      (
        await f.call('POST', `/api/messages/conversations/${id}/reports`, fan.token, {
          reason: 'spam',
          details: 'reporting myself here',
          messageId: own.id,
        })
      ).body.code,
    ).toBe('message_not_found');
  });

  it('reports a whole conversation, and keeps the public report form to content, stores and accounts', async () => {
    const fan = await f.fan();
    const id = await f.open(fan, creator);
    await f.sent(fan.token, id, 'Buy followers cheap, message me');
    const report = await f.call('POST', `/api/messages/conversations/${id}/reports`, creator.token, {
      reason: 'spam',
      details: 'This fan only sends advertising',
    });
    expect(report.status).toBe(201);
    const [row] = await f
      .db()
      .execute<{ subject_type: string; subject_id: string; due_at: Date; opened_at: Date }[]>(
        `select subject_type, subject_id, due_at, opened_at from moderation_cases where id = ?`,
        [report.body.id],
      );
    expect(row).toMatchObject({ subject_type: 'conversation', subject_id: id });
    expect(new Date(row.due_at).getTime() - new Date(row.opened_at).getTime()).toBe(48 * 3600_000);
    const evidence = await f.call('GET', `/api/admin/messages/reports/${report.body.id}`, f.moderator.token);
    expect(evidence.body).toMatchObject({
      messageId: null,
      reported: null,
      context: [{ text: 'Buy followers cheap, message me' }],
    });
    // A moderator who is part of the conversation does not read its evidence (someone else handles the case).
    const staffAsFan = { userId: f.moderator.userId, token: f.moderator.token, email: f.moderator.email };
    const own = await f.open(staffAsFan, creator);
    const theirs = await f.sent(creator.token, own, 'A message to a fan who happens to be staff');
    const ownReport = await f.call('POST', `/api/messages/conversations/${own}/reports`, f.moderator.token, {
      reason: 'other',
      details: 'Reported by a staff member as a fan',
      messageId: theirs.id,
    });
    expect(ownReport.status).toBe(201);
    expect(await f.call('GET', `/api/admin/messages/reports/${ownReport.body.id}`, f.moderator.token)).toMatchObject({
      status: 403,
      body: { code: 'own_work' },
    });
    const publicForm = await f.call('POST', '/api/moderation/reports', fan.token, {
      subjectType: 'message',
      subjectId: id,
      reason: 'spam',
      details: 'through the public form',
    });
    expect(publicForm).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
  });
});

describe('spam rules', () => {
  it('limits how fast one person sends (message_rate_limited)', async () => {
    const fan = await f.fan();
    await f.age(fan.userId);
    const id = await f.open(fan, creator);
    for (let n = 1; n <= 30; n++) expect((await f.send(fan.token, id, `note ${n}`)).status).toBe(201);
    const refused = await f.send(fan.token, id, 'note 31');
    expect(refused).toMatchObject({ status: 429, body: { code: 'message_rate_limited' } });
    expect(refused.body.retry_after).toBeGreaterThan(0);
    expect(await f.messageRows(id)).toBe(30);
  });

  it('lets a new account start a few conversations a day (new_conversation_limit); an older account more; reopening costs nothing', async () => {
    const stores = await Promise.all(Array.from({ length: 6 }, () => f.quietStore()));
    const newcomer = await f.fan();
    for (const store of stores.slice(0, 5))
      expect(
        (await f.call('POST', '/api/messages/conversations', newcomer.token, { storeSlug: store.slug })).status,
      ).toBe(201);
    const refused = await f.call('POST', '/api/messages/conversations', newcomer.token, { storeSlug: stores[5].slug });
    expect(refused).toMatchObject({ status: 429, body: { code: 'new_conversation_limit' } });
    expect(
      (await f.call('POST', '/api/messages/conversations', newcomer.token, { storeSlug: stores[0].slug })).status,
    ).toBe(200);
    const regular = await f.fan();
    await f.age(regular.userId);
    for (const store of stores)
      expect(
        (await f.call('POST', '/api/messages/conversations', regular.token, { storeSlug: store.slug })).status,
      ).toBe(201);
  });

  it('refuses the same text sent to many conversations in a short window (duplicate_message), not short courtesies', async () => {
    const sender = await f.fan();
    await f.age(sender.userId);
    const ids = [];
    for (let n = 0; n < 4; n++) ids.push(await f.open(sender, await f.quietStore()));
    const pitch = 'Check out my brand new page, link in bio';
    for (const id of ids.slice(0, 3)) expect((await f.send(sender.token, id, pitch)).status).toBe(201);
    const refused = await f.send(sender.token, ids[3], `  CHECK out my brand new page,   link in bio `);
    expect(refused).toMatchObject({ status: 429, body: { code: 'duplicate_message' } });
    expect(await f.messageRows(ids[3])).toBe(0);
    // The same conversation again is no spread; a short thanks everywhere is fine.
    expect((await f.send(sender.token, ids[0], pitch)).status).toBe(201);
    for (const id of ids) expect((await f.send(sender.token, id, 'Thanks!')).status).toBe(201);
  });

  it('refuses links from fans whose account is new (links_not_allowed), not from older fans or from creators', async () => {
    const newcomer = await f.fan();
    const id = await f.open(newcomer, creator);
    for (const text of ['see https://cheap.example.com/deal', 'add me on t.me/spammer', 'www.spam-site.net has more']) {
      expect(await f.send(newcomer.token, id, text)).toMatchObject({
        status: 403,
        body: { code: 'links_not_allowed' },
      });
    }
    expect(await f.messageRows(id)).toBe(0);
    expect((await f.send(newcomer.token, id, 'No links, just hello. Version 2.0 looks great')).status).toBe(201);
    expect((await f.send(creator.token, id, 'My schedule: https://example.com/schedule')).status).toBe(201);
    await f.age(newcomer.userId);
    expect((await f.send(newcomer.token, id, 'found it: https://example.com/schedule')).status).toBe(201);
  });
});
