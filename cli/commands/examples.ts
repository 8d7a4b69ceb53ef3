/**
 * Two or three examples for every command's --help, by the name it is invoked with (main.ts adds
 * them with yargs .example). Kept beside the command table so a new command is one entry away from
 * a complete help; cli/conventions/help.test.ts fails for a command that has none.
 */
export const EXAMPLES: Record<string, [string, string][]> = {
  check: [
    ['docket check', 'verify, validate and replay everything in evidence/ beside the bank (what npm start runs)'],
    ['docket check --json | jq .ok', 'the same, machine-readable'],
  ],
  init: [
    ['docket init', "start a bank in this suite's root: detect the layout, print it, write decision-bank.json and lockfiles/"],
    ['docket init --dry-run --json', 'what would be detected and written, machine-readable; writes nothing'],
    ['docket init --eval-root tasks --task-file PROMPT.md --solution reference/', 'say what detection cannot guess'],
  ],
  verify: [
    ['docket verify', 'check every bundle of evidence/ beside the bank: digest, gzip, JSON, schema, references'],
    ['docket verify release.tgz --expect sha256:…', 'verify a release tarball against its published digest'],
    ['docket verify --proof proof.json --root sha256:…', 'check an inclusion proof from docket prove'],
    ['docket verify --attestation oracle.intoto.json --key release.key.pub', 'check an attestation offline, and recompute its claims from the archive'],
    ['docket verify release.tgz --checkpoint release.note --key release.key.pub', 'check a release against a published signed checkpoint'],
  ],
  repair: [
    ['docket repair --dry-run', 'say what repair would do (leftover temp files, the index)'],
    ['docket repair', 'do it'],
  ],
  redact: [
    ['docket redact sha256:… --reason "OpenRouter key echoed by the server; rotated 2026-12-06"', "take one object's content out, leaving a redaction record"],
    ['docket redact --scan --reason "leaked keys, rotated" --yes', 'redact every object the secret scanner flags, without asking'],
  ],
  put: [
    ['docket put board.json', 'store a JSON document as an attachment bundle'],
    ['docket put board.json --json | jq -r .digest', 'print just its digest'],
  ],
  show: [
    ['docket show bank/current', 'the bundle a ref points to: descriptor and content'],
    ['docket show 3f9a2c', 'a bundle by a unique digest prefix'],
    ['docket show sha256:… --raw | zcat', 'the stored bytes exactly as archived'],
  ],
  ls: [
    ['docket ls', 'every bundle: digest, kind, size'],
    ['docket ls run --json', 'only the run bundles, machine-readable'],
  ],
  index: [
    ['docket index rebuild', 'recreate the SQLite index cache from the bundles alone'],
    ['docket --archive other index rebuild', 'the same for another archive'],
  ],
  sql: [
    ['docket sql "SELECT run_id, verdict, COUNT(*) FROM slot_outcomes GROUP BY run_id, verdict"', 'slot outcomes per run under the current grades'],
    ['docket sql "SELECT * FROM truncations WHERE requested_model = \'gpt-x\'" --csv', 'which attempts of a model were truncated, as CSV'],
    ['docket sql "SELECT name FROM sqlite_master" --json', 'the tables and views (docs/design.md §5)'],
  ],
  export: [
    ['docket export attempts > attempts.csv', 'one row per attempt of the current runs, as CSV'],
    ['docket export verdicts --format jsonl --out verdicts.jsonl', 'every verdict under the current grades, as JSON Lines'],
    ['docket export eee --out eee/ --evaluator-relationship first_party', 'every graded run as an Every Eval Ever record with its instance file'],
  ],
  validate: [
    ['docket validate', "check the working tree's decision-bank.json against the bank rules"],
    ['docket validate --json', 'every violation, machine-readable'],
    ['docket validate --complete', 'also demand a question or an omission for every source eval (as release pack does)'],
  ],
  snapshot: [
    ['docket snapshot', 'snapshot the source evals the bank cites into the archive'],
    ['docket snapshot --json', 'the same, machine-readable'],
  ],
  evidence: [
    ['docket evidence capture', 'run every probe and freeze the bank with its evidence'],
    ['docket evidence replay', 're-run every probe offline and compare with the archived output'],
    ['docket evidence replay --question q-001', 'one question only'],
  ],
  release: [
    ['docket release pack', 'build decision-verification.tgz from the archive'],
    ['docket release keygen --out publisher.key', 'create an Ed25519 signing key'],
    ['docket release pack --sign publisher.key', 'build and sign the release manifest'],
    ['docket release checkpoint --key publisher.key > release.note', "the release's Merkle root as a signed checkpoint"],
  ],
  prove: [
    ['docket prove sha256:…', 'an inclusion proof that the object is in the archive'],
    ['docket prove sha256:… --out proof.json', 'write it for docket verify --proof'],
    ['docket prove --plans sha256:… --out plan.proof.json', 'a plan record in the plan log, for docket verify --proof --checkpoint'],
  ],
  leaderboard: [
    ['docket leaderboard', 'rank the runs of the current benchmark version'],
    ['docket leaderboard --json', 'the ranking, machine-readable'],
    ['docket leaderboard --from decision-verification.tgz --expect sha256:…', 'the ranking of a release, verified first'],
  ],
  compare: [
    ['docket compare run-a run-b', 'paired comparison of two runs by run id'],
    ['docket compare 3f9a2c 81bd07 --json', 'by unique digest prefixes, machine-readable'],
  ],
  failures: [
    ['docket failures ref-coin-1', 'every slot of the run that was not correct'],
    ['docket failures 3f9a2c --json', 'by digest prefix, with full answer texts'],
  ],
  audit: [
    ['docket audit', 'recompute the rankings and check every run’s identity'],
    ['docket audit --published leaderboard.json', 'check a published leaderboard against the evidence, and that no run was picked among others'],
    ['docket audit --published leaderboard.json --from decision-verification.tgz --expect sha256:…', 'the same from a release alone, verified first'],
    ['docket audit --imported', "recompute imported logs' own headline metrics"],
  ],
  report: [
    ['docket report --out site', 'write site/index.html and site/report.json'],
    ['docket report --out site --benchmark-version sha256:…', 'for another benchmark version'],
  ],
  replay: [
    ['docket replay', 'rebuild every request of every sealed run offline and match the journal'],
    ['docket replay ref-coin-1 3f9a2c', 'two runs, by run id and by digest prefix'],
    ['docket replay --against-worktree', 'what a change to decision-bank.json would break'],
  ],
  grader: [
    ['docket grader lock', "pin every declared version of the suite's graders in lockfiles/graders.lock.json"],
    ['docket grader test mine@2', 'run mine@2 over its regression matrix; a table of failures, exit 1 on any'],
    ['docket grader diff mine@1 mine@2 --json', 'the stored replies whose verdict a fix changes, before anything is written'],
  ],
  judge: [
    ['docket judge oracle-1 --base-url http://127.0.0.1:8787/v1', "record the judge calls the run's judge-graded tasks still need, then grade it"],
    ['docket judge oracle-1 markdown-1 --base-url https://judge.example/v1 --api-key-env JUDGE_KEY --json', 'two runs, a remote judge with its own key'],
    ['docket judge oracle-1 --base-url https://judge.example/v1 --max-requests 200 --max-known-cost-usd 1', 'with budgets, as for docket run'],
  ],
  'judge-check': [
    ['docket judge-check --judge judge-neutral --base-url http://127.0.0.1:8787/v1', 'regrade the top 3 runs with a neutral judge; exit 1 when the ranking changes'],
    ['docket judge-check --judge gpt-judge --top 5 --base-url https://judge.example/v1 --json', 'the top 5, machine-readable'],
  ],
  regrade: [
    ['docket regrade --all', "re-score every sealed run with the bank's current grader"],
    ['docket regrade --all --dry-run', 'say what a regrade would do, writing nothing: the flips, or the judge requests a changed judge needs'],
    ['docket regrade ref-coin-1 --grader decision@1', 'one run, with a pinned grader (kept in the chain; the current grade stays)'],
    ['docket regrade --all --grader mine@1 --set-current', "the suite's grader mine@1, made current (recorded)"],
  ],
  plan: [
    ['docket plan commit --model m --base-url https://api.example.com/v1 --repetitions 3', 'register a plan before any call; prints its digest (publish it) and the run command'],
    ['docket plan commit --model m --base-url https://api.example.com/v1 --sign release.key --out plan.intoto.json', 'the same, signed: an attestation kept in the archive and written to publish'],
    ['docket plan list', 'the plan log: every registered plan, its runs, complete, stopped or never run'],
    ['docket plan checkpoint --key release.key --origin example.org/evals/plans > plans.note', 'the plan log head as a signed checkpoint'],
  ],
  attest: [
    ['docket attest ref-oracle-1 --key release.key --out oracle.intoto.json', 'sign what a run scored (kept in the archive, so a release carries it)'],
    ['docket attest decision-verification.tgz --key release.key --out release.intoto.json', 'sign what a verified release scores'],
  ],
  run: [
    ['docket run --model m --base-url http://127.0.0.1:8080/v1 --dry-run', 'the plan, request count and cost estimate; nothing sent'],
    ['docket run --plan sha256:3f9a… --model m --base-url http://127.0.0.1:8080/v1', 'run exactly a registered plan (any difference is refused)'],
    ['docket run --model m --base-url http://127.0.0.1:8080/v1 --max-requests 500', 'record a run, capped'],
    ['docket run --resume RUN_ID', 'continue an interrupted run from its journal'],
    ['docket run --model m --base-url http://127.0.0.1:8080/v1 --kind exec', "ask only the bank's exec tasks (their tests run as the run is graded)"],
  ],
  import: [
    ['docket import inspect logs/*.eval', 'archive inspect_ai logs'],
    ['docket import lm-eval results/', 'archive an lm-evaluation-harness output directory (every results file in it, found by content)'],
    ['docket import helm benchmark_output/runs/v1/mmlu:subject=philosophy,model=openai_gpt2', 'archive a HELM run directory'],
    ['docket import eee data/helm/openai/gpt2/<uuid>.json', 'archive an Every Eval Ever record with its instance file'],
  ],
  runs: [
    ['docket runs', 'every run: sealed, incomplete, interrupted, in progress'],
    ['docket runs --json | jq -r ".runs[].id"', 'just the run ids'],
  ],
  'serve-reference': [
    ['docket serve-reference --port 8080', 'the deterministic reference models on 127.0.0.1:8080'],
    ['docket serve-reference --port 0', 'on any free port (printed)'],
  ],
  push: [
    ['docket push registry.example.org/team/evidence:v1', "upload the archive: the bundles the repository's packs lack, in new packs, then a manifest tagged v1"],
    ['docket push registry.example.org/team/evidence:runner-7 --json', 'each CI runner under its own tag: what another runner sent is not sent again'],
    ['docket push localhost:5000/evidence:run-1 --only runs/ref-coin-1', 'one run and everything it references'],
  ],
  pull: [
    ['docket pull registry.example.org/team/evidence:v1', 'fetch that archive into evidence/ beside the bank, every bundle checked'],
    ['docket pull registry.example.org/team/evidence --all-tags', "every runner's archive in the repository, each bundle once"],
    ['docket --archive copy pull localhost:5000/evidence:v1 --json', 'into another directory, machine-readable'],
  ],
};
