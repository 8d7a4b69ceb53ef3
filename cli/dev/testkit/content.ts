import { spawnSync } from 'node:child_process';
import { prng } from './core.ts';

/**
 * Test support (never shipped): one canary per secret shape, built at run time from random
 * characters so no key-shaped literal sits in the repository. `text` is how it appears in a file;
 * `secret` is the part the scanner must match (and that must never appear anywhere after).
 */
export interface Canary {
  rule: string;
  text: string;
  secret: string;
}

export function canaries(seed = 17): Canary[] {
  const r = prng(seed);
  const pick = (chars: string, n: number) => Array.from({ length: n }, () => chars[Math.floor(r() * chars.length)]).join('');
  const AL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const HEX = '0123456789abcdef';
  const UP = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const B64 = `${AL}+/`;
  const URL = `${AL}_-`;
  // Every random part gets a digit and a letter, as real keys do.
  const al = (n: number) => `7${pick(AL, n - 2)}q`;
  const one = (rule: string, prefix: string, secretBody: string, suffix = ''): Canary => ({ rule, text: `${prefix}${secretBody}${suffix}`, secret: secretBody });
  const sk = (p: string, body: string): Canary => ({ rule: '', text: p + body, secret: p + body });
  const pem = pick(B64, 64);
  const jwt = `eyJ${pick(URL, 20)}.eyJ${pick(URL, 30)}.${pick(URL, 43)}`;
  return [
    { ...sk('sk-or-v1-', pick(HEX, 63) + 'a'), rule: 'openrouter-key' },
    { ...sk('sk-ant-api03-', al(90)), rule: 'anthropic-key' },
    { ...sk('sk-proj-', al(48)), rule: 'openai-key' },
    { ...sk('sk-', al(48)), rule: 'openai-key' },
    { ...sk('AKIA', pick(UP, 15) + '7'), rule: 'aws-access-key-id' },
    { ...sk('ASIA', pick(UP, 15) + '3'), rule: 'aws-access-key-id' },
    one('aws-secret-key', 'aws_secret_access_key = ', `9${pick(B64, 38)}Z`),
    { ...sk('ghp_', al(36)), rule: 'github-token' },
    { ...sk('github_pat_', al(82)), rule: 'github-pat' },
    { ...sk('xoxb-', `${pick('0123456789', 12)}-${pick('0123456789', 13)}-${al(24)}`), rule: 'slack-token' },
    { ...sk('AIza', al(35)), rule: 'google-api-key' },
    { ...sk('hf_', al(34)), rule: 'huggingface-token' },
    { rule: 'private-key-block', text: `-----BEGIN RSA PRIVATE KEY-----\n${pem}\n-----END RSA PRIVATE KEY-----`, secret: `-----BEGIN RSA PRIVATE KEY-----\n${pem}` },
    { rule: 'jwt', text: jwt, secret: jwt },
    one('env-assignment', 'DEPLOY_TOKEN=', al(40)),
    one('quoted-assignment', '{ "apiKey": "', al(32), '" }'),
  ];
}

/** A file body holding every canary, one per line after an innocent first line. */
export const allCanaries = (seed?: number) =>
  `# notes\n${canaries(seed)
    .map((c) => c.text)
    .join('\n')}\n`;

/**
 * A tree exercising gitignore semantics under evals/cat/e: anchored, negated, nested, directory-only
 * patterns, a committed generated folder un-ignored from the root, a .docketignore, and deny-list
 * files that no ignore rule catches (or that one un-ignores). Returns what the policy must decide.
 */
export function gitignoreTree(write: (rel: string, text: string) => void) {
  write('.gitignore', ['*.tmp', '/anchored.txt', 'build/', '_generated/', '!evals/cat/e/answer/convex/_generated/', '!keep.tmp', ''].join('\n'));
  write('anchored.txt', 'root file, ignored by the anchored rule\n');
  const e = 'evals/cat/e';
  write(`${e}/.gitignore`, ['secret-notes/', '/local.md', '!important.log', ''].join('\n'));
  write(`${e}/.docketignore`, 'drafts/\n');
  for (const f of [
    'TASK.md',
    'anchored.txt',
    'x.tmp',
    'keep.tmp',
    'build/out.js',
    'sub/build',
    'local.md',
    'sub/local.md',
    'secret-notes/a.md',
    'answer/convex/_generated/api.js',
    'other/_generated/x.js',
    'important.log',
    'drafts/d.md',
    'node_modules/pkg/index.js',
    '.env.example',
  ])
    write(`${e}/${f}`, `${f}\n`);
  return {
    scope: e,
    included: ['.docketignore', '.env.example', '.gitignore', 'TASK.md', 'anchored.txt', 'answer/convex/_generated/api.js', 'keep.tmp', 'sub/build', 'sub/local.md'].map((p) => `${e}/${p}`),
    excluded: {
      [`${e}/build/`]: '.gitignore',
      [`${e}/drafts/d.md`]: '.docketignore',
      [`${e}/important.log`]: 'deny *.log',
      [`${e}/local.md`]: '.gitignore',
      [`${e}/node_modules/`]: 'deny node_modules/',
      [`${e}/other/_generated/`]: '.gitignore',
      [`${e}/secret-notes/`]: '.gitignore',
      [`${e}/x.tmp`]: '.gitignore',
    } as Record<string, string>,
  };
}

/** git in a test repository, isolated from the user's and the system's git config. */
const GIT_ENV = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t', GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
export function git(root: string, ...args: string[]): string {
  const r = spawnSync('git', ['-C', root, ...args], { encoding: 'utf8', env: { ...process.env, ...GIT_ENV } });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** Each excluded path with the head of its rule (`deny NAME`, or the rule's first word), as the selection tests compare them. */
export function ruleHeads(excluded: readonly { path: string; rule: string }[]): Record<string, string> {
  return Object.fromEntries(
    excluded.map((e) => [
      e.path,
      e.rule
        .split(' ')
        .slice(0, e.rule.startsWith('deny') ? 2 : 1)
        .join(' '),
    ]),
  );
}
