import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplicationContext } from '@nestjs/common';
import { Clock, JOB_SCHEDULES } from '#app/platform';
import { SendMessageDigestJob, SendMessageDigestsJob } from '#app/messaging';
import { createWorker } from '#app/composition';
import { approvedAlbum, STRONG_PASSWORD, waitFor } from '#app/testing';
import { startMessagingPlatform, type Creator, type Fan, type MessagingFixtures } from './messaging-fixtures.js';

/**
 * Real time moved by an offset. Messages are sent an hour and five minutes in the past and the
 * digest runs at the real time: only this suite's messages are due then, never those of suites
 * running beside it on the shared database. Tokens are made at the real time and stay valid.
 */
class OffsetClock extends Clock {
  offset = 0;
  override now(): Date {
    return new Date(Date.now() + this.offset);
  }
}

const AGO = 65 * 60_000;
const SUBJECT = /^Unread messages on Fanmint/;

/** The unread-messages email digest (issue 22): once per message, honouring the setting, reads, mutes and blocks. */
let f: MessagingFixtures;
let clock: OffsetClock;
let second: INestApplicationContext;
let studio: Creator;
let gallery: Creator;

beforeAll(async () => {
  clock = new OffsetClock();
  f = await startMessagingPlatform({ clock });
  // A second worker on the same database and queues, as in production.
  second = await createWorker(f.platform.config, { clock, relayIntervalMs: 50, schedules: false });
  studio = await f.creator('studio');
  gallery = await f.creator('gallery');
}, 180_000);

afterAll(async () => {
  await second?.close();
  await f?.platform.close();
});

/** The quarter-hourly run at `offset` from now, with every email it queues delivered. */
async function digestRun(offset = 0): Promise<void> {
  clock.offset = offset;
  try {
    await f.platform.worker!.get(SendMessageDigestsJob).handle();
    await f.platform.drain();
  } finally {
    clock.offset = 0;
  }
}

/** Sends as `f.sent` does, an hour and five minutes ago. */
async function sentEarlier(
  token: string,
  conversationId: string,
  text: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: string }> {
  clock.offset = -AGO;
  try {
    return await f.sent(token, conversationId, text, extra);
  } finally {
    clock.offset = 0;
  }
}

const digestsTo = (email: string) => f.platform.inbox.for(email).filter((mail) => SUBJECT.test(mail.subject));

/**
 * A fan (past the new-account rules) who wrote to `creator`, and the creator's reply (with `extra`,
 * e.g. attachments and a price): one unread message for the fan.
 */
async function fanWithReply(
  creator: Creator,
  reply = 'Thanks for writing!',
  fan?: Fan,
  extra: Record<string, unknown> = {},
): Promise<{ fan: Fan; id: string; replyId: string }> {
  const who = fan ?? (await f.fan());
  if (!fan) await f.age(who.userId);
  const id = await f.open(who, creator);
  await sentEarlier(who.token, id, 'Hello there');
  const { id: replyId } = await sentEarlier(creator.token, id, reply, extra);
  return { fan: who, id, replyId };
}

describe('the unread-messages digest', () => {
  it('is declared as a quarter-hourly recurring job', () => {
    expect(JOB_SCHEDULES).toContainEqual({
      queue: 'notifications',
      name: 'message-digests',
      cron: '0 */15 * * * *',
      method: 'messageDigests',
    });
  });

  it('sends one email for two conversations once their messages waited an hour, and never the same messages twice', async () => {
    const { fan, id: first } = await fanWithReply(studio, 'First answer');
    await sentEarlier(studio.token, first, 'And a second <b>one</b>');
    const { id: other } = await fanWithReply(gallery, 'Hello from the gallery', fan);

    // Not yet an hour: nothing.
    await digestRun(-30 * 60_000);
    expect(digestsTo(fan.email)).toHaveLength(0);

    await digestRun();
    const [mail, ...more] = digestsTo(fan.email);
    expect(more).toHaveLength(0);
    expect(mail.subject).toBe('Unread messages on Fanmint: 3 unread messages in 2 conversations');
    expect(mail.text).toContain('studio studio (2 new messages): And a second <b>one</b>');
    expect(mail.text).toContain('gallery studio (1 new message): Hello from the gallery');
    expect(mail.html).toContain('And a second &lt;b&gt;one&lt;/b&gt;');
    expect(mail.html).not.toContain('First answer');
    expect(mail.links).toEqual(
      expect.arrayContaining([
        `${f.platform.baseUrl}/dashboard/messages/${first}`,
        `${f.platform.baseUrl}/dashboard/messages/${other}`,
      ]),
    );
    expect(
      mail.links.some((link) => link.startsWith(`${f.platform.baseUrl}/api/messages/preferences/unsubscribe?token=`)),
    ).toBe(true);
    // The creators hear of the fan's message too, the fan shown by a masked handle.
    expect(
      digestsTo((await f.db().execute(`select email from users where id = ?`, [studio.userId]))[0].email)[0]?.text,
    ).toMatch(/fan••[0-9a-f]{4} \(1 new message\): Hello there/);

    // The next run: nothing new, nothing sent.
    await digestRun();
    expect(digestsTo(fan.email)).toHaveLength(1);

    // A newer message goes in the next digest, alone.
    await sentEarlier(studio.token, first, 'Are you still there?');
    await digestRun();
    const next = digestsTo(fan.email);
    expect(next).toHaveLength(2);
    expect(next[1].subject).toBe('Unread messages on Fanmint: 1 unread message from studio studio');
    expect(next[1].text).toContain('Are you still there?');
    expect(next[1].text).not.toContain('And a second');
  });

  it('leaves out messages read since, muted conversations, blocked ones, withdrawn messages and media held for review', async () => {
    const { fan, id: read } = await fanWithReply(studio, 'You will read this');
    const last = await sentEarlier(studio.token, read, 'And this');
    expect(
      (await f.call('POST', `/api/messages/conversations/${read}/read`, fan.token, { messageId: last.id })).status,
    ).toBe(200);

    const { id: muted } = await fanWithReply(gallery, 'Muted words', fan);
    expect((await f.call('PUT', `/api/messages/conversations/${muted}/mute`, fan.token)).status).toBe(200);

    const blockedFan = await fanWithReply(studio, 'Before the block');
    expect((await f.call('PUT', `/api/messages/conversations/${blockedFan.id}/block`, studio.token)).status).toBe(200);

    // A priced reply (an album of the store) that the creator unsent.
    const album = await approvedAlbum(f.platform, gallery.token, f.moderator.token, { title: 'Gallery album' });
    const withdrawn = await fanWithReply(gallery, 'Taken back', undefined, { attachments: [album], priceMinor: 500 });
    expect(
      await f.call(
        'POST',
        `/api/messages/conversations/${withdrawn.id}/messages/${withdrawn.replyId}/unsend`,
        gallery.token,
      ),
    ).toMatchObject({ status: 200, body: { withdrawnFrom: 1, keptBy: 0 } });

    // A reply with a photo uploaded for messages, held until a moderator has reviewed it.
    const contentId = await f.uploadForMessages(gallery);
    const held = { fan: await f.fan(), id: '' };
    await f.age(held.fan.userId);
    held.id = await f.open(held.fan, gallery);
    await sentEarlier(held.fan.token, held.id, 'Hello there');
    // The worker may still be processing the file when the queues fall idle for a moment: sent once it is ready.
    await waitFor(
      () =>
        sentEarlier(gallery.token, held.id, 'A photo for you', { attachments: [contentId] }).then(
          () => true,
          (error: unknown) => (/media_processing/.test(String(error)) ? false : Promise.reject(error)),
        ),
      { timeoutMs: 60_000, intervalMs: 200, what: `the photo ${contentId} to be processed` },
    );

    await digestRun();
    expect(digestsTo(fan.email)).toHaveLength(0);
    expect(digestsTo(blockedFan.fan.email)).toHaveLength(0);
    expect(digestsTo(withdrawn.fan.email)).toHaveLength(0);
    expect(digestsTo(held.fan.email)).toHaveLength(0);
    // Once a moderator approves the photo, the message is the fan's to read, and told of.
    await f.approved(contentId);
    await digestRun();
    expect(digestsTo(held.fan.email).map((mail) => mail.text)).toEqual([
      expect.stringContaining('gallery studio (1 new message): A photo for you'),
    ]);
    // Unmuted, the conversation's unread messages are told of at the next run.
    expect((await f.call('DELETE', `/api/messages/conversations/${muted}/mute`, fan.token)).status).toBe(200);
    await digestRun();
    expect(digestsTo(fan.email).map((mail) => mail.subject)).toEqual([
      'Unread messages on Fanmint: 1 unread message from gallery studio',
    ]);
  });

  it('sends nothing to a user who turned it off, an unconfirmed address or an erased account', async () => {
    const off = await fanWithReply(studio, 'You said no emails');
    expect(await f.call('PUT', '/api/messages/preferences', off.fan.token, { emailDigest: false })).toMatchObject({
      status: 200,
      body: { emailDigest: false },
    });
    const unconfirmed = await fanWithReply(gallery, 'Confirm your address first');
    // On purpose: no product path leaves an account in a conversation without a confirmed address (sign-in needs
    // one, and a creator writes first only to fans who subscribed, bought or favourited, all signed in), so the
    // digest's own guard is reached by clearing the confirmation here.
    await f.db().execute(`update users set email_confirmed_at = null where id = ?`, [unconfirmed.fan.userId]);
    const erased = await fanWithReply(studio, 'Gone');
    // The fan deletes their account (signed in with the factories' password).
    expect((await f.call('DELETE', '/api/account', erased.fan.token, { password: STRONG_PASSWORD })).status).toBe(200);

    await digestRun();
    for (const { fan } of [off, unconfirmed, erased]) expect(digestsTo(fan.email)).toHaveLength(0);

    // Turned back on, what waited unread is told of once.
    expect((await f.call('PUT', '/api/messages/preferences', off.fan.token, { emailDigest: true })).body).toEqual({
      emailDigest: true,
    });
    await digestRun();
    await digestRun();
    expect(digestsTo(off.fan.email)).toHaveLength(1);
  });

  it('sends once when two workers run the same digest at the same moment', async () => {
    const { fan } = await fanWithReply(studio, 'Raced');
    const outcomes = await Promise.all(
      [f.platform.worker!, second, f.platform.worker!, second].map((worker) =>
        worker.get(SendMessageDigestJob).handle({ userId: fan.userId }),
      ),
    );
    expect(outcomes.sort()).toEqual(['nothing_due', 'nothing_due', 'nothing_due', 'sent']);
    // Two fan-outs at once queue the user twice at most; the second job finds nothing left.
    await Promise.all([f.platform.worker!, second].map((worker) => worker.get(SendMessageDigestsJob).handle()));
    await f.platform.drain();
    expect(digestsTo(fan.email)).toHaveLength(1);
  });

  it("turns the digest off from the email's link without signing in, after a confirming page", async () => {
    const { fan } = await fanWithReply(gallery, 'Here is a link');
    await digestRun();
    const [mail] = digestsTo(fan.email);
    const link = mail.links.find((each) => each.includes('/api/messages/preferences/unsubscribe?token='))!;
    const path = link.slice(f.platform.baseUrl.length);

    // Opening the link only asks: a mail scanner following it turns nothing off.
    const page = await f.call('GET', path, null);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form method="post"');
    expect((await f.call('GET', '/api/messages/preferences', fan.token)).body).toEqual({ emailDigest: true });

    const done = await f.call('POST', path, null);
    expect(done.status).toBe(200);
    expect(done.text).toContain('we will no longer email you unread messages');
    expect((await f.call('GET', '/api/messages/preferences', fan.token)).body).toEqual({ emailDigest: false });

    // A forged or altered token turns nobody's email off.
    const other = await f.fan();
    for (const token of ['nope', `${path.split('token=')[1]}x`, '']) {
      const answer = await f.call('POST', `/api/messages/preferences/unsubscribe?token=${token}`, null);
      expect(answer).toMatchObject({ status: 400, body: { code: 'invalid_link' } });
    }
    expect((await f.call('GET', '/api/messages/preferences', other.token)).body).toEqual({ emailDigest: true });
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('the digest carries List-Unsubscribe with a signed https link and a mailto, and List-Unsubscribe-Post', async () => {
    const { fan } = await fanWithReply(studio, 'One click away');
    await digestRun();
    const [mail] = digestsTo(fan.email);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const listed = /^<(https?:\/\/[^>]+)>,\s*<(mailto:[^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '');
    expect(listed).not.toBeNull();
    const [, url] = listed!;
    expect(url.startsWith(`${f.platform.baseUrl}/api/messages/preferences/unsubscribe?token=`)).toBe(true);

    // The mail client's one-click POST: no session, no page to confirm, the setting is off at once.
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(answer.status).toBe(200);
    expect((await f.call('GET', '/api/messages/preferences', fan.token)).body).toEqual({ emailDigest: false });
  });
});

describe('GET/PUT /api/messages/preferences', () => {
  it("is on by default, the caller's own, and refuses what is not a boolean", async () => {
    const fan = await f.fan();
    expect(await f.call('GET', '/api/messages/preferences', fan.token)).toMatchObject({
      status: 200,
      body: { emailDigest: true },
    });
    expect(await f.call('GET', '/api/messages/preferences', studio.token)).toMatchObject({
      status: 200,
      body: { emailDigest: true },
    });
    for (const body of [{}, { emailDigest: 'false' }, { emailDigest: 0 }, { emailDigest: null }]) {
      expect(await f.call('PUT', '/api/messages/preferences', fan.token, body)).toMatchObject({
        status: 400,
        body: { code: 'validation_failed' },
      });
    }
    expect((await f.call('GET', '/api/messages/preferences', fan.token)).body).toEqual({ emailDigest: true });
    expect((await f.call('GET', '/api/messages/preferences', null)).status).toBe(401);
    expect((await f.call('PUT', '/api/messages/preferences', null, { emailDigest: false })).status).toBe(401);
  });
});
