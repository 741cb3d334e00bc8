/**
 * Joining a room that asks for an LMS identifier: the instructor chooses the kind and the label at creation, the
 * join route asks for it, refuses a bad one naming the field, stores it apart from the display name, and only
 * exports read it (never a dashboard or a projector).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardLearner } from '../../../src/server/app.ts';
import type { JoinRefusal, JoinResponse } from '../../../src/room/protocol.ts';
import { ENGINES_UNDER_TEST, reportPostgresAvailability, type TestDatabase } from './databases.ts';
import { post, readEvents, testServer, withToken, type TestServer } from './harness.ts';

reportPostgresAvailability('joining with an LMS identifier');

const CHAPTERS = ['error-semantics-and-retries'];

for (const engine of ENGINES_UNDER_TEST) {
  describe(`joining with an LMS identifier on ${engine.name}`, () => {
    let db: TestDatabase;
    let server: TestServer;
    let ip = 0;

    /** Creates a room from its own address (creation is limited per address) and returns the response. */
    const create = (body: unknown) => {
      ip += 1;
      return server.request('/api/rooms', { ...post(body), ip: `10.77.${ip}.1` });
    };
    const createAsking = async (lmsId: unknown) => {
      const res = await create({ title: 'Gradebook class', chapters: CHAPTERS, lmsId });
      expect(res.status).toBe(201);
      return (await res.json()) as { roomId: string; code: string; instructorSecret: string };
    };
    const joinAs = (code: string, name: string, lmsId?: string) =>
      server.request('/api/join', post({ code, name, ...(lmsId === undefined ? {} : { lmsId }) }));

    beforeAll(async () => {
      db = await engine.open();
      server = testServer(db);
    });
    afterAll(async () => {
      server.close();
      await db.dispose();
    });

    it('asks for the identifier the room chose, with its label, and refuses a join without one naming the field', async () => {
      const room = await createAsking({ kind: 'student-id', label: 'Student number (on your card)' });
      // No identifier sent is the join page's first try: a 200 that asks, so the learner's console shows no
      // failed request (issue 19), and no learner is stored.
      const res = await joinAs(room.code, 'Ada Lovelace');
      expect(res.status).toBe(200);
      const refusal = (await res.json()) as JoinRefusal;
      expect(refusal.field).toBe('lmsId');
      expect(refusal.lmsId).toEqual({ kind: 'student-id', label: 'Student number (on your card)' });
      expect(refusal.error).toMatch(/student ID/);
      expect(await server.data.learnersOfRoom(room.roomId)).toEqual([]);
    });

    it('stores the identifier apart from the display name, trimmed', async () => {
      const room = await createAsking({ kind: 'student-id', label: 'Student number' });
      const res = await joinAs(room.code, 'Ada Lovelace', '  s1234567 ');
      expect(res.status).toBe(201);
      const joined = (await res.json()) as JoinResponse;
      expect(joined.name).toBe('Ada Lovelace');
      expect(joined).not.toHaveProperty('lmsId');
      const [learner] = await server.data.learnersOfRoom(room.roomId);
      expect(learner).toMatchObject({ name: 'Ada Lovelace', lmsId: 's1234567' });
    });

    it('refuses an identifier that cannot key a gradebook row: spaces, commas, semicolons, over 254 characters', async () => {
      // The LMS matches a row by this one value (Canvas: SIS Login ID; Moodle: "Identify user by"; Blackboard:
      // Username), so it must be one token of a CSV row.
      const room = await createAsking({ kind: 'login' });
      for (const bad of ['ada lovelace', 'ada,lovelace', 'ada;lovelace', 'a'.repeat(255)]) {
        const res = await joinAs(room.code, `Ada ${bad.length}${bad[3]}`, bad);
        expect(res.status, bad).toBe(400);
        expect(((await res.json()) as JoinRefusal).field).toBe('lmsId');
      }
      expect(await server.data.learnersOfRoom(room.roomId)).toEqual([]);
      expect((await joinAs(room.code, 'Ada', 'a'.repeat(254))).status).toBe(201);
    });

    it('checks an e-mail address as an address when the room asks for one', async () => {
      // RFC 5322 §3.4.1: "An addr-spec is a specific Internet identifier that contains a locally interpreted string
      // followed by the at-sign character ("@", ASCII value 64) followed by an Internet domain."
      const room = await createAsking({ kind: 'email', label: 'University e-mail' });
      for (const bad of ['ada', 'ada@', '@example.edu', 'ada@@example.edu']) {
        const res = await joinAs(room.code, 'Ada', bad);
        expect(res.status, bad).toBe(400);
        const refusal = (await res.json()) as JoinRefusal;
        expect(refusal.field).toBe('lmsId');
        expect(refusal.error).toMatch(/e-mail address/);
      }
      expect((await joinAs(room.code, 'Ada', 'ada@example.edu')).status).toBe(201);
      // A login need not be an address: the same text a login room takes.
      const logins = await createAsking({ kind: 'login' });
      expect((await joinAs(logins.code, 'Ada', 'ada')).status).toBe(201);
    });

    it('ignores an identifier sent to a room that asks for none, so none is stored', async () => {
      const res = await create({ title: 'No gradebook', chapters: CHAPTERS });
      const room = (await res.json()) as { roomId: string; code: string };
      expect((await joinAs(room.code, 'Ada', 'ada@example.edu')).status).toBe(201);
      const [learner] = await server.data.learnersOfRoom(room.roomId);
      expect(learner?.lmsId).toBeNull();
    });

    it('gives the field the kind’s own name when the instructor leaves the label blank, and refuses a bad label or kind', async () => {
      const blank = await createAsking({ kind: 'email', label: '  ' });
      const refusal = (await (await joinAs(blank.code, 'Ada')).json()) as JoinRefusal;
      expect(refusal.lmsId).toEqual({ kind: 'email', label: 'Your e-mail address' });
      const hidden = await create({ title: 'T', chapters: CHAPTERS, lmsId: { kind: 'login', label: 'Log\u202ein' } });
      expect(hidden.status).toBe(400);
      expect(((await hidden.json()) as { error: string }).error).toMatch(/label/);
      const kind = await create({ title: 'T', chapters: CHAPTERS, lmsId: { kind: 'passport' } });
      expect(kind.status).toBe(400);
    });

    it('keeps the identifier off every dashboard view (snapshot, stream) and gives it to exports', async () => {
      const room = await createAsking({ kind: 'student-id', label: 'Student number' });
      expect((await joinAs(room.code, 'Grace Hopper', 'gh-90210')).status).toBe(201);
      const snapshot = await server.request(`/api/rooms/${room.roomId}`, withToken(room.instructorSecret));
      const text = await snapshot.text();
      expect(text).toContain('Grace Hopper');
      expect(text).not.toContain('gh-90210');
      // What the room asked for (not anyone's identifier) reaches the dashboard, so its LMS export defaults to the
      // column that kind of identifier belongs in.
      expect((JSON.parse(text) as { room: { lmsIdKind?: string } }).room.lmsIdKind).toBe('student-id');
      const stream = await server.request(`/api/rooms/${room.roomId}/stream`, withToken(room.instructorSecret));
      const events = await readEvents(stream, (seen) => seen.some((e) => e.event === 'snapshot'));
      expect(JSON.stringify(events)).toContain('Grace Hopper');
      expect(JSON.stringify(events)).not.toContain('gh-90210');
      const [learner] = await server.data.learnersOfRoom(room.roomId);
      expect(dashboardLearner(learner!)).not.toHaveProperty('lmsId');
      // Blackboard keys a learner by Username: the identifier given at join is that key.
      const lms = await server.request(
        `/api/rooms/${room.roomId}/export/lms?lms=blackboard`,
        withToken(room.instructorSecret),
      );
      expect(lms.status).toBe(200);
      expect(((await lms.json()) as { csv: string }).csv).toContain('gh-90210');
    });
  });
}
