import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ArgumentsCamelCase } from 'yargs';
import { BANK_FILE, computeProbeLock, PROBE_LOCKFILE } from '../../replay/bank/bank.ts';
import { detectSuite, type Detected, type Overrides } from '../../replay/bank/detect.ts';
import type { BankFile } from '../../replay/bank/types.ts';
import { usageError } from '../../replay/errors.ts';
import { line, printJson, type GlobalArgs } from '../output.ts';

/**
 * `docket init [DIR]`: start a bank in a suite's root without asking anything. It detects the
 * suite's layout, prints it, and writes only new files — decision-bank.json (the layout, the
 * lockfile, a prompt template and report title in the suite's name, no questions yet),
 * lockfiles/probes.lock.json —
 * plus lines appended to .gitignore for the index cache: the one existing file it changes, and it
 * says so. An existing bank is never overwritten (EBANKEXISTS).
 */
export interface InitArgs extends GlobalArgs {
  dir?: string;
  name?: string;
  'eval-root'?: string[];
  'task-file'?: string[];
  solution?: string[];
  'probe-root'?: string;
  lockfile?: string;
  'package-manager'?: string;
  title?: string;
  system?: string;
  'dry-run': boolean;
}

/** The index cache and the archive's temp area: rebuilt or swept, never committed. */
export const IGNORE_LINES = ['evidence/index.sqlite', 'evidence/index.sqlite-*', 'evidence/tmp/'];
const IGNORE_HEADER = '# docket: the index cache is rebuilt from the bundles (docket index rebuild); never commit it';

function overrides(a: InitArgs): Overrides {
  const o: Overrides = {};
  if (a.name !== undefined) o.name = a.name;
  if (a['eval-root']?.length) o.evalRoots = a['eval-root'].map((r) => r.replace(/\/+$/, ''));
  if (a['task-file']?.length) o.taskFiles = a['task-file'];
  if (a.solution?.length) o.solution = a.solution;
  if (a['probe-root'] !== undefined) o.probeRoot = a['probe-root'].replace(/\/+$/, '');
  if (a.lockfile !== undefined) o.lockfile = a.lockfile;
  if (a['package-manager'] !== undefined) o.packageManager = a['package-manager'];
  return o;
}

/** The prompt template a run asks with: the shipped letter format, in the suite's own words. */
export function starterBank(d: Detected, a: { title?: string; system?: string }): BankFile {
  return {
    schemaVersion: 1,
    name: d.name,
    version: '0.1.0',
    description: `Decision questions about the ${d.name} eval suite, each tied to one of its source evals and backed by an offline probe.`,
    keyBalanceTolerance: 2,
    layout: d.layout,
    ...(d.packages.lockfile ? { lockfile: d.packages.lockfile } : {}),
    report: { title: a.title ?? `${d.name} leaderboard` },
    promptTemplate: {
      id: 'decision-letter',
      version: 1,
      system: a.system ?? `You are answering a multiple-choice question about the tasks of the ${d.name} eval suite. Exactly one option is correct.`,
      user: '{{stem}}\n\nA) {{A}}\nB) {{B}}\nC) {{C}}\nD) {{D}}\n\nReply with the letter of the correct option only (A, B, C or D).',
      answerFormat: 'a single capital letter A, B, C or D, alone on the reply',
    },
    questions: [],
    omissions: [],
  };
}

interface Plan {
  files: { path: string; text: string }[];
  created: string[];
  kept: string[];
  appended: { path: string; lines: string[] } | null;
}

/** Every write init makes, decided before the first one: new files only, and the .gitignore lines it lacks. */
function writePlan(root: string, bank: BankFile): Plan {
  const files = [{ path: BANK_FILE, text: `${JSON.stringify(bank, null, 2)}\n` }];
  const kept: string[] = [];
  if (existsSync(join(root, PROBE_LOCKFILE))) kept.push(PROBE_LOCKFILE);
  else files.push({ path: PROBE_LOCKFILE, text: `${JSON.stringify(computeProbeLock(root, bank), null, 2)}\n` });
  const ignorePath = join(root, '.gitignore');
  const have = existsSync(ignorePath)
    ? readFileSync(ignorePath, 'utf8')
        .split(/\r?\n/)
        .map((l) => l.trim())
    : null;
  const missing = IGNORE_LINES.filter((l) => !have?.includes(l) && !have?.includes(`/${l}`));
  let appended: Plan['appended'] = null;
  if (have === null) files.push({ path: '.gitignore', text: `${IGNORE_HEADER}\n${IGNORE_LINES.join('\n')}\n` });
  else if (missing.length) appended = { path: '.gitignore', lines: missing };
  return { files, created: files.map((f) => f.path), kept, appended };
}

function applyPlan(root: string, plan: Plan) {
  for (const f of plan.files) {
    const abs = join(root, f.path);
    mkdirSync(join(abs, '..'), { recursive: true });
    try {
      writeFileSync(abs, f.text, { flag: 'wx' }); // exclusive: a file that appeared since the plan is never overwritten
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST')
        throw usageError(f.path === BANK_FILE ? 'EBANKEXISTS' : 'EEXISTS', `${abs} appeared while docket init ran; it was not overwritten`, { path: abs });
      throw e;
    }
  }
  if (plan.appended) {
    const abs = join(root, plan.appended.path);
    const text = readFileSync(abs, 'utf8');
    appendFileSync(abs, `${text.length && !text.endsWith('\n') ? '\n' : ''}${IGNORE_HEADER}\n${plan.appended.lines.join('\n')}\n`);
  }
}

function printInit(root: string, d: Detected, plan: Plan, dryRun: boolean) {
  const l = d.layout;
  line(`docket init in ${root}${dryRun ? ' (dry run: nothing written)' : ''}`);
  line(`  name            ${d.name}  (${d.from.name})`);
  line(`  eval roots      ${l.evalRoots.map((r) => `${r}/`).join(', ')}  (${d.from.evalRoots})`);
  line(`  source evals    ${d.evals.length} in ${d.categories} categories, ids as on disk (e.g. ${d.evals[0]?.id ?? '–'})`);
  line(`  task file       ${l.taskFiles.join(' or ')}  (${d.from.taskFiles}); missing in ${d.evals.filter((e) => !e.taskFile).length}`);
  line(`  solution        ${l.solution.join(' or ')}  (${d.from.solution}); missing in ${d.evals.filter((e) => !e.solution).length}`);
  line(`  probes          ${l.probeRoot}/<category>/<eval>/  (${d.from.probeRoot})`);
  line(`  lockfile        ${d.packages.lockfile ?? '–'}  (${d.from.lockfile})`);
  line(`  package manager ${d.packages.packageManager ?? '–'}  (${d.from.packageManager})`);
  for (const p of d.problems) line(`  ${p.code} ${p.message}`);
  const verb = dryRun ? 'would create' : 'created';
  for (const f of plan.created) line(`${verb} ${f}`);
  for (const f of plan.kept) line(`kept ${f} (it exists; not rewritten)`);
  if (plan.appended)
    line(
      `${dryRun ? 'would append' : 'appended'} ${plan.appended.lines.length} line(s) to ${plan.appended.path} (the index cache; the only existing file docket init changes): ${plan.appended.lines.join(' ')}`,
    );
  if (!dryRun) {
    line('next: `docket validate` lists every source eval not yet covered; add questions (with probes) and omissions to');
    line(`${BANK_FILE}, then \`docket evidence lock\` and \`docket evidence capture\` (docs/own-suite.md walks through it)`);
  }
}

export function runInit(argv: ArgumentsCamelCase<InitArgs>) {
  const root = resolve(argv.dir ?? '.');
  if (!existsSync(root) || !statSync(root).isDirectory()) throw usageError('ENOTDIR', `${root} is not a directory: docket init starts a bank in a suite's root`, { dir: root });
  const bankPath = join(root, BANK_FILE);
  if (existsSync(bankPath)) throw usageError('EBANKEXISTS', `${bankPath} exists: docket init never overwrites a bank (edit it, or move it away to start over)`, { path: bankPath });
  const d = detectSuite(root, overrides(argv));
  if (d.layout.evalRoots.length === 0)
    throw usageError(
      'ENOEVALS',
      `found no source evals in ${root}: no folder one or two levels down holds <category>/<eval>/ folders with a TASK.txt, TASK.md or README.md; name the folder with --eval-root DIR (and the task file with --task-file NAME)`,
      { dir: root },
    );
  const bank = starterBank(d, argv);
  const plan = writePlan(root, bank);
  if (!argv['dry-run']) applyPlan(root, plan);
  if (argv.json)
    printJson({
      ok: true,
      root,
      dryRun: argv['dry-run'],
      name: d.name,
      layout: d.layout,
      lockfile: d.packages.lockfile,
      packageManager: d.packages.packageManager,
      from: d.from,
      evals: d.evals,
      categories: d.categories,
      problems: d.problems,
      created: plan.created,
      appended: plan.appended,
      kept: plan.kept,
    });
  else printInit(root, d, plan, argv['dry-run']);
}
