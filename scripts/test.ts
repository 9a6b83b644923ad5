/**
 * `npm test`: every check and test suite, each phase timed, stopping at the first stage that
 * fails, with a table of the phases and their durations at the end, so where the time goes is
 * measured, not guessed. The phases are the package's own scripts (`npm run <script>`), which run
 * alone too. Phases that need nothing of each other share a stage and run side by side (the
 * static checks; the integration suite beside the build), their output held and printed whole as
 * each ends, so a failure reads as if it ran alone; the browser and reliability suites, which load
 * the machine themselves, run alone. (The reliability suites beside the integration suite saved
 * little, and with a build running beside `npm test` the load run's sign-in checks timed out into
 * 503s: it needs the machine to itself.)
 */
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/** One phase: its name in the table and the npm script it runs. */
export interface Phase {
  name: string;
  script: string;
}

/** Phases run one after another; the lanes of a stage run side by side. */
export type Lane = readonly Phase[];

/** Every phase of `npm test`, by stage: the static checks and unit tests, then the database suite beside the build, then the suites that need the build. */
export const STAGES: readonly (readonly Lane[])[] = [
  [
    [{ name: 'lint', script: 'lint' }],
    [
      { name: 'format', script: 'format:check' },
      { name: 'types', script: 'check' },
    ],
    [{ name: 'unit', script: 'test:unit' }],
  ],
  [
    [{ name: 'integration', script: 'test:integration' }],
    [
      { name: 'build', script: 'build' },
      { name: 'html', script: 'test:html' },
    ],
  ],
  [[{ name: 'e2e', script: 'test:e2e' }]],
  [[{ name: 'reliability', script: 'test:reliability' }]],
];

/** Every phase, in the order of the stages. */
export const PHASES: readonly Phase[] = STAGES.flat(2);

/** What a phase came to. */
export interface PhaseResult {
  name: string;
  seconds: number;
  ok: boolean;
}

/** The clock time as the log shows it, `HH:MM:SS`. */
function clock(at: Date = new Date()): string {
  return at.toISOString().slice(11, 19);
}

/** The summary table: each phase that ran with its duration, and the total wall time. */
export function summary(results: readonly PhaseResult[], wallSeconds: number): string {
  const rows = results.map(
    (r) => `| ${r.name.padEnd(12)} | ${`${r.seconds.toFixed(0)} s`.padStart(7)} | ${r.ok ? 'passed' : 'FAILED'} |`,
  );
  return [
    '| phase        |    time | result |',
    '| ------------ | ------: | ------ |',
    ...rows,
    `| ${'npm test'.padEnd(12)} | ${`${wallSeconds.toFixed(0)} s`.padStart(7)} |        |`,
  ].join('\n');
}

/** Runs `npm run <script>`; resolves its exit code. Its output goes to ours, or is held when `hold` is given. */
function run(script: string, hold: Buffer[] | null): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    child.stdout?.on('data', (chunk: Buffer) => hold?.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => hold?.push(chunk));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

/** Runs one lane's phases in order until one fails, holding their output when the lane has company. */
async function runLane(lane: Lane, alone: boolean, results: PhaseResult[]): Promise<boolean> {
  for (const phase of lane) {
    const started = Date.now();
    console.log(`[npm test] ${clock()} ${phase.name} (npm run ${phase.script})${alone ? '' : ', output when done'}`);
    const held: Buffer[] | null = alone ? null : [];
    const code = await run(phase.script, held);
    const seconds = (Date.now() - started) / 1000;
    if (held) process.stdout.write(Buffer.concat(held));
    results.push({ name: phase.name, seconds, ok: code === 0 });
    console.log(
      `[npm test] ${clock()} ${phase.name} ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(0)} s`,
    );
    if (code !== 0) return false;
  }
  return true;
}

/** Runs the stages in order, each stage's lanes side by side, until one fails; returns `npm test`'s exit code. */
export async function main(stages: readonly (readonly Lane[])[] = STAGES): Promise<number> {
  const started = Date.now();
  const results: PhaseResult[] = [];
  let ok = true;
  for (const lanes of stages) {
    const outcomes = await Promise.all(lanes.map((lane) => runLane(lane, lanes.length === 1, results)));
    ok = outcomes.every(Boolean);
    if (!ok) break;
  }
  const order = PHASES.map((p) => p.name);
  results.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  console.log(`\n${summary(results, (Date.now() - started) / 1000)}`);
  return ok ? 0 : 1;
}

/**
 * The stages holding only the phases named on the command line (`npm test -- unit integration`),
 * or every stage; an unknown name is refused with the list.
 */
export function chosen(names: readonly string[], stages: readonly (readonly Lane[])[] = STAGES): Lane[][] {
  const unknown = names.filter((name) => !PHASES.some((phase) => phase.name === name));
  if (unknown.length > 0) {
    throw new Error(`No such phase: ${unknown.join(', ')}. The phases: ${PHASES.map((p) => p.name).join(', ')}.`);
  }
  if (names.length === 0) return stages.map((lanes) => lanes.map((lane) => [...lane]));
  return stages
    .map((lanes) => lanes.map((lane) => lane.filter((phase) => names.includes(phase.name))).filter((l) => l.length))
    .filter((lanes) => lanes.length > 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(chosen(process.argv.slice(2)));
}
