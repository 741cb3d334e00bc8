/**
 * `mcp-lab probe --room CODE` hands the report in to a workshop room as the learner: the real workshop server (over
 * SQLite, through app.request) stores it as the capstone's `probe-report` item and grades it like the widget's
 * hand-in, self-reported; a sign-in for another room, a refused sign-in and an edited score are never stored, and
 * each says why in one line.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { componentUses } from '../../../src/course/chapter-structure.ts';
import { readChapterStructure } from '../../../src/course/read-chapter-structure.ts';
import { CAPSTONE_HAND_IN, handInToRoom, roomTarget } from '../../../src/cli/commands/probe-room.ts';
import { readProbeReport, type ProbeReport } from '../../../src/probe/report.ts';
import { SAMPLE_REPORT } from '../../support/probe-report-sample.ts';
import { ROOT, runCli } from '../../support/run-cli.ts';
import { ENGINES_UNDER_TEST, type TestDatabase } from '../server/databases.ts';
import { createRoom, join, testServer, withToken, type TestServer } from '../server/harness.ts';

const sqlite = ENGINES_UNDER_TEST.find((e) => e.name === 'SQLite')!;
let db: TestDatabase;
let server: TestServer;

/** The server as `fetch`: the address's path goes to the app, as a socket would carry it. */
const viaApp: typeof fetch = (input, init) =>
  server.request(new URL(input instanceof Request ? input.url : input).pathname, init);

const sample = (): ProbeReport => {
  const read = readProbeReport(JSON.stringify(SAMPLE_REPORT));
  if (!read.ok) throw new Error(read.problem);
  return read.report;
};

beforeAll(async () => {
  db = await sqlite.open();
  server = testServer(db);
});
afterAll(async () => {
  server.close();
  await db.dispose();
});

async function learnerInCapstoneRoom() {
  const room = await createRoom(server, [CAPSTONE_HAND_IN.chapter]);
  const learner = await join(server, room.code, `Ada ${Math.random().toString(36).slice(2, 6)}`);
  return { room, learner };
}

const target = (code: string, token: string) => roomTarget(code, 'http://workshop.test', { MCP_LAB_ROOM_TOKEN: token });

describe('mcp-lab probe --room', () => {
  it('files the hand-in where the capstone chapter places <ProbeReport>', () => {
    const text = readFileSync(`${ROOT}/content/chapters/${CAPSTONE_HAND_IN.chapter}.mdx`, 'utf8');
    const uses = componentUses(readChapterStructure(text), 'ProbeReport');
    expect(uses.map((u) => u.attributes)).toEqual([
      { chapter: CAPSTONE_HAND_IN.chapter, exercise: CAPSTONE_HAND_IN.item },
    ]);
  });

  it('stores the report as the learner’s self-reported probe report, passed only when every MUST passed', async () => {
    const { room, learner } = await learnerInCapstoneRoom();
    const report = sample();
    const outcome = await handInToRoom(target(room.code, learner.token), report, JSON.stringify(report), viaApp);
    expect(outcome).toMatchObject({ kind: 'stored' });
    expect(outcome.line).toContain('MUST 1 of 2');
    const mine = (await (await server.request('/api/me/events', withToken(learner.token))).json()) as {
      events: { kind: string; itemId: string; chapterId: string; verdict: { passed?: boolean } }[];
    };
    expect(mine.events).toHaveLength(1);
    // The sample's report has one MUST failed of two attempted: not passed.
    expect(mine.events[0]).toMatchObject({
      kind: 'probe-report',
      chapterId: CAPSTONE_HAND_IN.chapter,
      itemId: CAPSTONE_HAND_IN.item,
      verdict: { passed: false },
    });
    // Stored as self-reported: the probe ran on the learner's machine.
    expect((await server.data.eventsOfLearner(learner.learnerId)).map((e) => e.selfReported)).toEqual([true]);
  });

  it('refuses a sign-in that belongs to another room than the code names', async () => {
    const first = await learnerInCapstoneRoom();
    const second = await learnerInCapstoneRoom();
    const report = sample();
    const outcome = await handInToRoom(target(second.room.code, first.learner.token), report, '{}', viaApp);
    expect(outcome.kind).toBe('refused');
    expect(outcome.line).toMatch(/another room/);
  });

  it('refuses when the server does not know the sign-in, saying so', async () => {
    const { room } = await learnerInCapstoneRoom();
    const forged = `${'a'.repeat(22)}.${'b'.repeat(43)}`;
    const outcome = await handInToRoom(target(room.code, forged), sample(), '{}', viaApp);
    expect(outcome).toMatchObject({ kind: 'refused' });
    expect(outcome.line).toMatch(/refused your sign-in.*join the room again/);
  });

  it('is refused by the server when the score was edited to say more than the checks', async () => {
    const { room, learner } = await learnerInCapstoneRoom();
    const report = sample();
    const edited = { ...report, score: { ...report.score, must: { passed: 2, of: 2 } } };
    const outcome = await handInToRoom(target(room.code, learner.token), edited, '{}', viaApp);
    expect(outcome.kind).toBe('refused');
    const mine = (await (await server.request('/api/me/events', withToken(learner.token))).json()) as {
      events: unknown[];
    };
    expect(mine.events).toEqual([]);
  });

  it('says what is missing before it probes anything', async () => {
    const badCode = await runCli(['probe', '--room', 'nope', '--room-server', 'http://x.test', '--', 'node', '-e', '']);
    expect(badCode.code).toBe(2);
    expect(badCode.stderr).toMatch(/--room is the room's join code/);
    const noServer = await runCli(['probe', '--room', 'ACDE-FGHJ', '--', 'node', '-e', '']);
    expect(noServer.code).toBe(2);
    expect(noServer.stderr).toMatch(/--room-server URL or MCP_LAB_ROOM_SERVER/);
    const noToken = await runCli(['probe', '--room', 'ACDE-FGHJ', '--room-server', 'http://x.test', '--', 'node']);
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toMatch(/MCP_LAB_ROOM_TOKEN/);
  });
});
