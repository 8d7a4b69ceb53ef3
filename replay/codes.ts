/**
 * Every code docket reports, declared once: findings (verify, repair, replay, release verify,
 * check, audit, evidence replay, bank validation, drift, content policy, pull), coded errors (exit 1
 * or 2) and grade warnings. `Code` is derived from this table, so a code that is not declared here
 * fails the typecheck wherever a DocketError or a finding is made. docs/codes.md is generated from
 * it (`node cli/dev/run-ts.mjs cli/dev/codes-doc.ts`), and codes.test.ts holds the table, the
 * source and the docs together.
 *
 * - `severity`: `error` (a finding that fails a check, or an error that ends a command), `hint`
 *   (reported, never fails), `warning` (recorded in a grade bundle, never fails).
 * - `meaning`: one line, what it says is wrong.
 * - `doc`: where it is specified: a file under docs/, optionally with a section (`design.md §6`).
 */
export interface CodeInfo {
  severity: 'error' | 'hint' | 'warning';
  meaning: string;
  doc: string;
}

const e = (meaning: string, doc: string): CodeInfo => ({ severity: 'error', meaning, doc });
const hint = (meaning: string, doc: string): CodeInfo => ({ severity: 'hint', meaning, doc });
const warning = (meaning: string, doc: string): CodeInfo => ({ severity: 'warning', meaning, doc });

export const CODES = {
  // ---- format and store (design §1–§6)
  EDIGESTFORMAT: e('a string that should be a digest is not `sha256:` + 64 lowercase hex', 'design.md §1'),
  EDIGEST: e("bytes do not hash to the digest that names them (an object, a blob, a registry's answer)", 'design.md §6'),
  ESIZE: e('an object or content is empty or over its cap (64 MiB), or a file changed size while read', 'design.md §3'),
  EGZIP: e('not the canonical gzip form: header, one member, CRC-32, length, nothing after it', 'design.md §3'),
  EJSON: e('not strict, canonical JSON (or not JSON at all), naming the byte offset', 'design.md §2'),
  ESCHEMA: e("a document does not match its kind's JSON Schema (or its kind is unknown)", 'design.md §6'),
  EREF: e('a reference names no object of the right kind, a ref file is malformed or dangles, or a registry reference is malformed', 'design.md §6'),
  EMISSING: e('an object the archive names is not in the store', 'design.md §4'),
  ECORRUPT: e('an existing object does not hash to its name (never overwritten), or a local object is damaged', 'design.md §4'),
  EREFNAME: e('a ref name is not `<namespace>/<name>` of `[a-z0-9][a-z0-9._-]*` parts', 'design.md §4'),
  EKIND: e('a bundle is of another kind than the one asked for', 'design.md §3'),
  EBUSY: e('another docket process has held the index write lock for over 300 s', 'design.md §4'),
  ESTRAY: e('a file under the archive is not an object, a ref, a run journal or the index', 'design.md §6'),
  HTEMP: hint('a temp file under the archive: a write in progress, or a leftover `repair` removes', 'design.md §4'),
  EINDEX: e('the index cache disagrees with the bundles or cannot be used: run `docket index rebuild`', 'design.md §5'),
  ESQL: e('`docket sql` was given something that is not one statement returning rows, or the query failed', 'design.md §5'),
  ESQLWRITE: e('`docket sql` was given a statement that would write: the index is a cache, nothing was changed', 'design.md §5'),
  EIMPORTLOG: e("a stored imported log's bytes do not hash to the sha256 and size it records", 'design.md §6'),
  EIMPORTRECORD: e('a stored foreign-run is not what the importer makes of its stored source bytes today', 'design.md §6'),

  // ---- the decision bank (design §7)
  EBANK: e('the bank file cannot be read, or a frozen bank does not load', 'design.md §7'),
  EBANKJSON: e('decision-bank.json is not strict JSON or lacks questions / promptTemplate', 'design.md §7'),
  EBANKROOT: e('the root of decision-bank.json is not an object', 'design.md §7'),
  EOPTIONS: e('a question does not have 4 pairwise distinct options', 'design.md §7'),
  EKEY: e('a key is not one of A, B, C, D', 'design.md §7'),
  EDUPID: e('two questions share an id', 'design.md §7'),
  ESOURCE: e('a source eval does not exist or resolves outside the repository', 'design.md §7'),
  EPROBE: e('a probe is missing, outside the tree or not a file, or probes failed during capture', 'design.md §7'),
  ETASK: e('a source eval has none of the task files its layout names (default TASK.md)', 'design.md §7'),
  ESOLUTION: e('a source eval has no reference solution as its layout names it (default solution.*)', 'design.md §7'),
  EUNCOVERED: e('a source eval has neither a question nor an omission with a reason (validate lists it as not yet covered; --complete, check and release pack count it)', 'design.md §7'),
  ELAYOUT: e("the bank's layout names a path outside the bank root, or overlapping roots", 'design.md §7'),
  ENAME: e('a folder name in an eval root cannot be a source-eval id: unsafe, or colliding with another (the path is named)', 'design.md §7'),
  EEVALROOT: e('an eval root the layout names does not exist', 'design.md §7'),
  EBANKEXISTS: e('docket init found a decision-bank.json: it never overwrites a bank', 'design.md §21'),
  ENOEVALS: e('docket init found no <category>/<eval>/ folders with a task file: name them with --eval-root', 'design.md §21'),
  EOMISSION: e('an omission has no reason, or its source eval also has questions', 'design.md §7'),
  EBALANCE: e('a key letter is used outside n/4 ± keyBalanceTolerance', 'design.md §7'),
  ELOCK: e("the probe lockfile is missing, unreadable or disagrees with the suite's lockfile and the probe imports", 'design.md §7'),
  ENOLOCKFILE: e('the suite has no lockfile (or not the one the bank names): install its dependencies and commit the lockfile', 'design.md §7'),
  ELOCKFILE: e("the suite's lockfile cannot be parsed, or the bank names one docket does not read or outside the tree", 'design.md §7'),
  ETREEPATH: e('a path the bank names resolves outside the repository (followed symlinks)', 'design.md §7'),
  EINVALID: e('the bank has violations, so capture or release pack refuses', 'design.md §7'),
  EBANKDRIFT: e('the working-tree bank is not the frozen bank the runs measured', 'design.md §7'),
  ENOBANK: e('the archive has no frozen bank (refs/bank/current)', 'design.md §7'),
  ENOEVIDENCE: e('a question has no captured evidence', 'design.md §7'),
  EQUESTION: e('a question id is unknown, or a run names a question its bank lacks', 'design.md §12'),
  ECONTENTCONFIG: e("the bank's `content` settings are malformed or unreadable", 'design.md §20'),

  // ---- runs and the recorder (design §8, §9)
  EFORMAT: e("a run's request format is not one this docket builds", 'design.md §8'),
  EJOURNAL: e('a journal line is malformed, out of sequence, or breaks the hash chain / head record', 'design.md §9'),
  EJOURNALWRITE: e('a journal line could not be written; the journal is intact up to the last line', 'design.md §9'),
  ESEGMENT: e('a run segment belongs to another run or starts at the wrong line', 'design.md §12'),
  EPLAN: e('a run disagrees with its plan, or its plan names a question its bank lacks', 'design.md §12'),
  EPLANMISMATCH: e('`run --resume` was given a model other than the one planned', 'design.md §9'),
  ESLOT: e('a journal line names a slot the plan does not have', 'design.md §12'),
  EREQUEST: e('a rebuilt request does not hash to what the journal recorded (with a field diff)', 'design.md §12'),
  ERUN: e('refs/runs/NAME points to a run bundle with another id', 'design.md §12'),
  ERUNID: e('a run id is not 1–64 characters of [a-z0-9._-] starting with a letter or digit', 'design.md §9'),
  ERUNEXISTS: e('a run with this id is already sealed', 'design.md §9'),
  ENORUN: e('no such run (id, digest or prefix), or nothing to resume', 'design.md §21'),
  EAMBIGUOUS: e('a digest prefix matches more than one run or object', 'design.md §21'),
  ESEALED: e("a sealed run's working directory holds a different journal", 'design.md §9'),
  ELOCKED: e('another live process is recording this run', 'design.md §9'),
  EBUDGET: e('the plan exceeds a budget (--max-requests, --max-known-cost-usd) and did not start', 'design.md §9'),
  EUNKNOWNCOST: e('an answer carried no cost while a cost cap is set; the run stopped, resumable', 'design.md §9'),
  EAUTH: e('the endpoint refused the credentials (401/403); the run stopped, resumable', 'design.md §9'),
  EINTERRUPTED: e('the run was interrupted (SIGINT/SIGTERM); the journal is intact, resumable', 'design.md §9'),
  EUNREACHABLE: e('the endpoint stayed unreachable through every retry; the run stopped, resumable', 'design.md §9'),
  ETIMEOUT: e('the endpoint did not answer in time through every retry; the run stopped, resumable', 'design.md §9'),
  ENOKEY: e('no API key for a non-loopback endpoint', 'design.md §9'),
  EKEYFORMAT: e('the API key holds a control or non-ASCII character', 'design.md §9'),
  EENVFILE: e('the --env-file cannot be read', 'design.md §9'),
  EENVNAME: e('--api-key-env is not a valid environment variable name', 'design.md §9'),
  EMODEL: e('--model is missing', 'design.md §9'),
  EURL: e('--base-url is not a valid absolute URL', 'design.md §9'),
  ENOTLOOPBACK: e('serve-reference was asked to listen on a non-loopback host', 'design.md §9'),

  // ---- graders and grades (design §10, §11)
  EGRADER: e("an unknown grader ref, or a grader whose digest differs from the plan's", 'design.md §10'),
  EGRADERCHANGED: e('a pinned built-in grader no longer hashes to its pin', 'design.md §10'),
  EGRADERUNPINNED: e('a built-in grader has no pin in lockfiles/graders.lock.json', 'design.md §10'),
  EGRADERLOCK: e('lockfiles/graders.lock.json is missing or malformed', 'design.md §10'),
  EGRADERBUNDLE: e("an archived grader's source does not hash to the digest it claims", 'design.md §10'),
  EGRADERSOURCE: e('archived grader source does not compile, imports what it may not, or fails its contract', 'design.md §10'),
  EGRADERIMPORT: e('archived grader source imports something other than a module of its own bundle', 'design.md §10'),
  EGRADERNOTARCHIVED: e('no grader with this identity digest is archived', 'design.md §10'),
  EGRADERUN: e('a run (or its bank) cannot be read for grading; nothing was written', 'design.md §11'),
  EGRADE: e("a grade's verdicts do not line up with its run's attempts", 'design.md §11'),
  EGRADESEGMENT: e('a grade segment belongs to another grade or starts at the wrong verdict', 'design.md §11'),
  ENOGRADE: e('a sealed run has no grade yet', 'design.md §11'),
  WINPUT: warning('a stored input no longer hashes to what the previous grade graded', 'design.md §11'),
  WGRADER: warning('the previous grade names a grader digest this docket does not know', 'design.md §11'),
  WRUN: warning('the previous grade graded another bundle of this run id', 'design.md §11'),
  WPREVIOUS: warning('the previous verdicts do not line up with the journal', 'design.md §11'),

  // ---- replay, scoring, audit (design §12–§14, scoring.md)
  ENETWORK: e('an offline command attempted a network call', 'design.md §13'),
  EVERSION: e('no run is on the benchmark version asked for', 'scoring.md'),
  EPUBLISHED: e('a published leaderboard file is malformed', 'scoring.md'),
  EUNANCHORED: e('--from without --expect or --key, and without --unanchored', 'design.md §12'),
  ERELEASE: e('a release does not verify, so nothing is replayed or pushed', 'design.md §12'),
  EPROBEPACKAGE: e('the probes of a release need a package version this docket does not have', 'design.md §12'),
  ENOFILE: e('--from names no file', 'design.md §12'),

  // ---- releases (design §15)
  EVENDOR: e('a vendored package tarball is missing, not listed, or not the one the lock pins (its sha512), pack cannot find it, or evidence replay --from cannot install it offline', 'design.md §15'),
  EVENDORKIND: e("release pack --vendor: a Yarn Berry lock, whose checksums are of Yarn's cache zips rather than registry tarballs", 'design.md §15'),
  EVENDORRESOLVED: e('release pack --vendor: the npm lockfile records no `resolved` URL, so npm ci cannot install offline', 'design.md §15'),
  EFILESIZE: e('the release file is over 2 GiB', 'design.md §15'),
  EEXPECT: e('the release file does not hash to --expect', 'design.md §15'),
  HUNANCHORED: hint('neither --expect nor --key: the file is self-consistent, not tied to a publisher', 'design.md §15'),
  ESUMS: e("the release's SHA256SUMS is not the list its manifest implies, so `sha256sum -c` would check something else", 'design.md §15'),
  HVERIFYDOC: hint("the release's VERIFY.md is missing or not the text this docket writes for it: follow docket's own docs, not the file", 'design.md §15'),
  HENCODER: hint('the release was packed with another gzip encoder; a re-pack here will not reproduce it', 'design.md §15'),
  ESIGMISSING: e('--key was given but the release is unsigned', 'design.md §15'),
  ESIGFORMAT: e('MANIFEST.sig.json is not a well-formed DSSE envelope (or over its cap)', 'design.md §15'),
  ESIGTYPE: e('the DSSE envelope has another payload type', 'design.md §15'),
  ESIGPAYLOAD: e('the signed payload is not this MANIFEST.json', 'design.md §15'),
  ESIGNATURE: e('no signature verifies with the named key', 'design.md §15'),
  ETOTAL: e('the tar stream inflates past 8 GiB', 'design.md §15'),
  ECHECKSUM: e('a tar header checksum is wrong', 'design.md §15'),
  ESIZEFIELD: e('a tar size field is not plain octal', 'design.md §15'),
  ETOOBIG: e('a file is over its cap (a tar entry, a selected file, inflated output)', 'design.md §20'),
  ECOUNT: e('more than 100,000 tar entries', 'design.md §15'),
  ETRUNCATED: e('the tar stream does not end with two zero blocks', 'design.md §15'),
  ETRAILING: e('bytes after the end of the tar archive', 'design.md §15'),
  ELINK: e('a tar entry is a link', 'design.md §15'),
  ESPECIAL: e('a tar entry is a device or FIFO', 'design.md §15'),
  EPAX: e('a global, GNU or unsupported pax header, or pax data over 64 KiB', 'design.md §15'),
  ETYPE: e('an unknown tar entry type', 'design.md §15'),
  EPATH: e('an unsafe entry path (absolute, `..`, backslash, colon, control character, not NFC)', 'design.md §15'),
  EPATHLEN: e('an entry path over 255 bytes', 'design.md §15'),
  EDEPTH: e('an entry path more than 32 levels deep', 'design.md §15'),
  ETARHEADER: e('a tar header field is not in its canonical form', 'design.md §15'),
  EMANIFEST: e('a release manifest (or a registry manifest) is missing, malformed, over its cap or inconsistent', 'design.md §15'),
  EDUPLICATE: e('a path occurs twice in the tar', 'design.md §15'),
  ECOLLISION: e('two names collide on a case-insensitive or normalizing file system', 'design.md §15'),
  EEXTRA: e('a tar entry the manifest does not list', 'design.md §15'),
  EMISSINGENTRY: e('a listed file or implied directory is not in the tar', 'design.md §15'),
  ESIZEMISMATCH: e("a tar entry's size differs from the manifest's", 'design.md §15'),
  EENTRYDIGEST: e('an extracted file does not hash to its manifest digest, or was not extracted', 'design.md §15'),
  EMERKLE: e("the archive's Merkle root differs from the manifest's", 'design.md §15'),
  EPOLICY: e('a shipped file is one the content policy would have left out', 'design.md §15'),
  ECHANGED: e('a file changed while it was being read', 'design.md §15'),
  EEXISTS: e('a file or directory docket would create already exists (the --extract target, a key, a file init writes)', 'design.md §15'),
  EPACKMISSING: e('a file a release requires is missing or left out by the content policy', 'design.md §15'),
  EPACKPATH: e('a file to pack has an unsafe or colliding name', 'design.md §15'),
  EPACKSIZE: e('a file to pack is over the entry cap', 'design.md §15'),
  EPACKTYPE: e('a file to pack is a symlink or special file', 'design.md §15'),
  EDIGESTFILE: e('the release digest file is not one `sha256:<hex>  decision-verification.tgz` line', 'design.md §15'),
  EPROOF: e('an inclusion proof is malformed', 'design.md §15'),
  EPROOFROOT: e('an inclusion proof does not lead to its root (or to --root)', 'design.md §15'),
  EPROOFARCHIVE: e("an inclusion proof does not match the archive's root", 'design.md §15'),
  ENOTINARCHIVE: e('the digest to prove is not an object of the archive', 'design.md §15'),

  // ---- imported logs (docs/import.md)
  EIMPORTJSON: e('an imported file is not JSON as Python reads it, or holds a lone surrogate', 'import.md'),
  EIMPORTZIP: e('an .eval file is not a readable zip', 'import.md'),
  EIMPORTLAYOUT: e('an imported log is not laid out as its framework writes it', 'import.md'),
  EIMPORTSIZE: e('an imported source file is over the size one bundle holds', 'import.md'),
  EIMPORTDAMAGED: e('a stored import cannot be read', 'import.md'),
  EIMPORTKIND: e('an import ref names a bundle that is not a foreign-run', 'import.md'),
  EIMPORTNOTFOUND: e('no such import in the archive', 'import.md'),

  // ---- the machine (design §18) and the CLI (design §21)
  EREADONLY: e('the archive (or index) cannot be written: read-only', 'design.md §18'),
  EDISKFULL: e('no space left on the device', 'design.md §18'),
  EPERMISSION: e('permission denied', 'design.md §18'),
  ENOTDIR: e('a directory docket needs does not exist, or a path runs through a file', 'design.md §18'),
  EISDIR: e('a directory where a file was expected', 'design.md §18'),
  ETOOMANYFILES: e('too many open files', 'design.md §18'),
  EIO: e('the disk or file system reported an input/output error', 'design.md §18'),
  EPORTINUSE: e('the port is in use', 'design.md §18'),
  EARCHIVE: e('--archive names something that is not a directory', 'design.md §18'),
  ENOTBANK: e('no decision-bank.json in the current directory or above it (or in --bank DIR): run docket init, or pass -C DIR / --bank DIR', 'design.md §21'),
  EUSAGE: e('a usage error: unknown command or option, or a bad value', 'design.md §21'),
  EREAD: e('an input file cannot be read', 'design.md §21'),
  EWRITE: e('an output cannot be written', 'design.md §21'),
  ENOTFOUND: e('no such object, or no such artifact in the registry', 'design.md §21'),
  ENATIVE: e("better-sqlite3's native module is missing or built for another Node", 'design.md §21'),
  ENODEVERSION: e("the running Node.js is outside package.json's engines range", 'design.md §21'),
  EINTERNAL: e('a bug: an error docket does not know (reported with its stack)', 'design.md §21'),

  // ---- content policy and secrets (design §20)
  ESECRET: e('a possible credential in what would be stored or shipped (redacted)', 'design.md §20'),
  EGIT: e('git could not list the files of the work tree', 'design.md §20'),

  // ---- registries (design §19)
  ECONNECT: e('the registry cannot be reached, or the connection broke', 'design.md §19'),
  EREGISTRY: e('the registry refused a request (HTTP error) or answered outside the protocol', 'design.md §19'),
  ETLS: e('credentials would travel over plain HTTP to a non-loopback host', 'design.md §19'),
  EAUTHCONFIG: e("Docker's config.json is not valid JSON", 'design.md §19'),
  EAUTHHELPER: e('a Docker credential helper could not run', 'design.md §19'),
  ENOTARCHIVE: e('the registry artifact is not a docket archive', 'design.md §19'),
  ENOTRELEASE: e('a file given as a release is not a gzip tarball, or the registry artifact is not a docket release', 'design.md §19'),
  EEMPTY: e('the archive has no objects to push', 'design.md §19'),
  ENOREF: e('--only names a ref the archive does not have', 'design.md §19'),
  EREFCONFLICT: e('a pulled ref differs from the local one (kept unless --replace-refs)', 'design.md §19'),
  ESIGREF: e('a signature manifest does not name this release as its subject', 'design.md §19'),
  EREGISTRYMANIFEST: e("the registry's MANIFEST.json layer is not the tarball's own", 'design.md §19'),
  EREGISTRYSIG: e("the registry's attached signature is not the tarball's MANIFEST.sig.json", 'design.md §19'),
  HNOSIGREF: hint('the tarball is signed but the registry has no signature attached', 'design.md §19'),
} as const satisfies Record<string, CodeInfo>;

/** A code docket reports: one of the keys of CODES, so a typo fails the typecheck. */
export type Code = keyof typeof CODES;
