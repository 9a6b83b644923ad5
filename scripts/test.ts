/**
 * `npm test`: every check and test suite, one phase after another, each timed, stopping at the
 * first that fails; a table of the phases and their durations at the end, so where the time goes
 * is measured, not guessed. The phases are the package's own scripts (`npm run <script>`), which
 * run alone too.
 */
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/** One phase: its name in the table and the npm script it runs. */
export interface Phase {
  name: string;
  script: string;
}

/** Every phase of `npm test`, in order: the static checks, the fast suites, the build, then the suites that need it. */
export const PHASES: readonly Phase[] = [
  { name: 'lint', script: 'lint' },
  { name: 'format', script: 'format:check' },
  { name: 'types', script: 'check' },
  { name: 'unit', script: 'test:unit' },
  { name: 'integration', script: 'test:integration' },
  { name: 'build', script: 'build' },
  { name: 'html', script: 'test:html' },
  { name: 'e2e', script: 'test:e2e' },
  { name: 'reliability', script: 'test:reliability' },
];

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

/** The summary table: each phase that ran with its duration, and the total. */
export function summary(results: readonly PhaseResult[]): string {
  const total = results.reduce((sum, r) => sum + r.seconds, 0);
  const rows = results.map(
    (r) => `| ${r.name.padEnd(12)} | ${`${r.seconds.toFixed(0)} s`.padStart(7)} | ${r.ok ? 'passed' : 'FAILED'} |`,
  );
  return [
    '| phase        |    time | result |',
    '| ------------ | ------: | ------ |',
    ...rows,
    `| ${'total'.padEnd(12)} | ${`${total.toFixed(0)} s`.padStart(7)} |        |`,
  ].join('\n');
}

/** Runs `npm run <script>` with this process's output; resolves its exit code. */
function run(script: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

/** Runs the phases in order until one fails; returns the exit code `npm test` ends with. */
export async function main(phases: readonly Phase[] = PHASES): Promise<number> {
  const results: PhaseResult[] = [];
  let code = 0;
  for (const phase of phases) {
    const started = Date.now();
    console.log(`\n[npm test] ${clock()} ${phase.name} (npm run ${phase.script})`);
    code = await run(phase.script);
    const seconds = (Date.now() - started) / 1000;
    results.push({ name: phase.name, seconds, ok: code === 0 });
    console.log(
      `[npm test] ${clock()} ${phase.name} ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(0)} s`,
    );
    if (code !== 0) break;
  }
  console.log(`\n${summary(results)}`);
  return code;
}

/** The phases named on the command line (`npm test -- unit integration`), or every phase. */
export function chosen(names: readonly string[], phases: readonly Phase[] = PHASES): Phase[] {
  const unknown = names.filter((name) => !phases.some((phase) => phase.name === name));
  if (unknown.length > 0) {
    throw new Error(`No such phase: ${unknown.join(', ')}. The phases: ${phases.map((p) => p.name).join(', ')}.`);
  }
  return names.length === 0 ? [...phases] : phases.filter((phase) => names.includes(phase.name));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(chosen(process.argv.slice(2)));
}
