/**
 * How fast a class is re-graded: 300 generated receipts (the real course, mixed accuracy), graded the way
 * `mcp-lab grade` and the roster page grade them. Prints figures; asserts nothing. Wall-clock time depends on the
 * machine's load, so CPU time is printed beside it.
 *
 *   npm run bench:receipts
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { testGraderCourse } from '../support/course.ts';
import { gradeCommand } from '../../src/cli/commands/grade.ts';
import { gradeReceipts } from '../../src/receipts/grade.ts';
import { collectRosterInputs } from '../../src/receipts/inputs.ts';
import { createReceipt } from '../../src/receipts/create.ts';
import { serializeReceipt } from '../../src/receipts/schema.ts';
import { classReceipts } from '../support/class-receipts.ts';

const COUNT = 300;
const course = testGraderCourse();
const texts = classReceipts(course, COUNT, 2026).map(serializeReceipt);
const bytes = texts.reduce((n, t) => n + t.length, 0);
const dir = await mkdtemp(join(tmpdir(), 'mcp-lab-bench-'));

async function time<T>(fn: () => Promise<T>): Promise<{ value: T; wall: number; cpu: number }> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await fn();
  const wall = performance.now() - t0;
  const { user, system } = process.cpuUsage(cpu0);
  return { value, wall, cpu: (user + system) / 1000 };
}

try {
  await Promise.all(texts.map((t, i) => writeFile(join(dir, `learner-${String(i + 1).padStart(3, '0')}.json`), t)));
  // The command as a user runs it (in this process, so the figure excludes Node's start-up), cold: first use of every code path.
  let out = '';
  const stdout = new PassThrough();
  stdout.on('data', (d: Buffer) => (out += d.toString()));
  const cold = await time(() =>
    gradeCommand.run([dir], { stdin: new PassThrough(), stdout, stderr: new PassThrough() }),
  );
  const counted = /(\d+) counted/.exec(out)?.[1];
  // Then warm runs of the shared grader on the same texts, as a second paste into the roster page would be.
  const warm: { wall: number; cpu: number }[] = [];
  for (let i = 0; i < 5; i++) {
    warm.push(
      await time(async () =>
        gradeReceipts((await collectRosterInputs([{ name: 'pasted', text: texts.join('\n') }])).inputs, course),
      ),
    );
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`receipts: ${COUNT} (${(bytes / 1024).toFixed(0)} KiB of JSON), ${counted} counted by mcp-lab grade`);
  console.log(
    `mcp-lab grade, cold (files read, graded, table printed): ${cold.wall.toFixed(0)} ms wall, ${cold.cpu.toFixed(0)} ms CPU`,
  );
  console.log(
    `shared grader, warm (median of 5): ${median(warm.map((w) => w.wall)).toFixed(0)} ms wall, ${median(warm.map((w) => w.cpu)).toFixed(0)} ms CPU`,
  );
  // 50,000 receipts under one name, each its own digest: one name conflict with 50,000 members, then the
  // instructor's "different people" on 5,000 of them (test/unit/receipts/grade-attack.test.ts checks the results;
  // collecting the members by copying the list per member was quadratic, more than 20 s here).
  const sameName = Array.from({ length: 50_000 }, (_, i) => ({
    source: `r${i}`,
    content: serializeReceipt(
      createReceipt({
        course: { title: course.title, version: course.version },
        learner: 'Ada',
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
        chapters: {},
      }),
    ),
  }));
  const conflict = await time(async () => gradeReceipts(sameName, course));
  const some = sameName.slice(0, 5000);
  const key = gradeReceipts(some, course).conflicts[0]!.key;
  const apart = await time(async () => gradeReceipts(some, course, { choices: { [key]: { count: 'all' } } }));
  console.log(
    `50,000 receipts under one name, graded: ${conflict.wall.toFixed(0)} ms wall, ${conflict.cpu.toFixed(0)} ms CPU`,
  );
  console.log(
    `5,000 of them counted as different people: ${apart.wall.toFixed(0)} ms wall, ${apart.cpu.toFixed(0)} ms CPU`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
