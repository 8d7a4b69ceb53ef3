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
  const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  const HEX = '0123456789abcdef';
  const UP = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const B64 = `${AL}+/`;
  const URL = `${AL}_-`;
  // Every random part gets a digit and a letter (both cases), as real keys do.
  const al = (n: number) => `7${pick(AL, n - 3)}qZ`;
  const hex = (n: number) => `7${pick(HEX, n - 2)}a`;
  const digits = (n: number) => `${1 + Math.floor(r() * 9)}${pick('0123456789', n - 1)}`;
  const one = (rule: string, prefix: string, secretBody: string, suffix = ''): Canary => ({ rule, text: `${prefix}${secretBody}${suffix}`, secret: secretBody });
  const sk = (p: string, body: string): Canary => ({ rule: '', text: p + body, secret: p + body });
  const tok = (rule: string, secret: string, before = '', after = ''): Canary => ({ rule, text: `${before}${secret}${after}`, secret });
  const pem = pick(B64, 64);
  const jwt = `eyJ${pick(URL, 20)}.eyJ${pick(URL, 30)}.${pick(URL, 43)}`;
  const gcp = `-----BEGIN PRIVATE KEY-----\\n${pick(B64, 64)}`;
  return [
    { ...sk('sk-or-v1-', pick(HEX, 63) + 'a'), rule: 'openrouter-key' },
    { ...sk('sk-ant-api03-', al(90)), rule: 'anthropic-key' },
    { ...sk('sk-proj-', al(48)), rule: 'openai-key' },
    { ...sk('sk-', al(48)), rule: 'openai-key' },
    tok('huggingface-token', `hf_${pick(LETTERS, 32)}aZ`), // letters only: real tokens often have no digit
    tok('huggingface-token', `hf_${al(34)}`),
    tok('perplexity-key', `pplx-${al(48)}`),
    tok('groq-key', `gsk_${al(52)}`),
    tok('xai-key', `xai-${al(80)}`),
    tok('replicate-token', `r8_${al(37)}`),
    tok('langsmith-key', `lsv2_pt_${hex(32)}_${hex(10)}`),
    { ...sk('AKIA', pick(UP, 15) + '7'), rule: 'aws-access-key-id' },
    { ...sk('ASIA', pick(UP, 15) + '3'), rule: 'aws-access-key-id' },
    one('aws-secret-key', 'aws_secret_access_key = ', `9${pick(B64, 38)}Z`),
    one('aws-secret-key', 'AWS_SECRET_ACCESS_KEY=', `9a${pick(B64, 37)}Z`),
    one('aws-secret-key', '{ "SecretAccessKey": "', `8b${pick(B64, 37)}Q`, '" }'),
    tok('google-api-key', `AIza${al(35)}`),
    tok('google-oauth-secret', `GOCSPX-${al(28)}`),
    tok('gcp-service-account', gcp, '{"type": "service_account", "private_key": "', '\\n-----END PRIVATE KEY-----\\n"}'),
    tok('azure-storage-key', `${pick(B64, 84)}7a==`, 'DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=', ';EndpointSuffix=core.windows.net'),
    tok('azure-storage-key', `${pick(B64, 40)}7a=`, 'Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccessKey='),
    tok('azure-ad-client-secret', `${pick(AL, 3)}8Q~${al(31)}`, 'AZURE_CLIENT_SECRET='),
    tok('digitalocean-token', `dop_v1_${hex(64)}`),
    tok('databricks-token', `dapi${hex(32)}`),
    tok('convex-deploy-key', `prod:happy-animal-${digits(3)}|eyJ2MiI6${al(40)}=`, 'CONVEX_DEPLOY_KEY='),
    tok('convex-deploy-key', `dev:quiet-otter-${digits(3)}|eyJ2MiI6${al(40)}=`),
    tok('convex-deploy-key', `preview:team-x:proj-y|eyJ2MiI6${al(40)}=`),
    tok('convex-self-hosted-key', `convex-self-hosted|${hex(64)}`),
    tok('supabase-key', `sbp_${hex(40)}`),
    tok('supabase-key', `sb_secret_${al(32)}`),
    tok('heroku-key', `HRKU-AA${al(58)}`),
    tok('vault-token', `hvs.${al(95)}`),
    tok('planetscale-token', `pscale_tkn_${al(43)}`),
    tok('pulumi-token', `pul-${hex(40)}`),
    tok('doppler-token', `dp.pt.${al(43)}`),
    { ...sk('ghp_', al(36)), rule: 'github-token' },
    { ...sk('github_pat_', al(82)), rule: 'github-pat' },
    tok('gitlab-token', `glpat-${al(20)}`),
    tok('npm-token', `npm_${al(36)}`, 'token: '),
    tok('pypi-token', `pypi-AgEIcHlwaS5vcmc${pick(URL, 60)}7q`),
    tok('rubygems-token', `rubygems_${hex(48)}`),
    tok('postman-key', `PMAK-${hex(24)}-${hex(34)}`),
    tok('stripe-key', `sk_live_${al(99)}`),
    tok('stripe-key', `rk_live_${al(24)}`),
    tok('stripe-key', `sk_test_${al(24)}`),
    tok('stripe-webhook-secret', `whsec_${al(32)}`),
    tok('shopify-token', `shpat_${hex(32)}`),
    { ...sk('xoxb-', `${pick('0123456789', 12)}-${pick('0123456789', 13)}-${al(24)}`), rule: 'slack-token' },
    tok('slack-webhook', `hooks.slack.com/services/T${pick(UP, 8)}/B${pick(UP, 8)}/${al(24)}`, 'https://'),
    tok('discord-webhook', `discord.com/api/webhooks/${digits(18)}/${al(68)}`, 'https://'),
    tok('discord-bot-token', `MT${al(22)}.G${pick(AL, 5)}.${al(38)}`),
    tok('telegram-bot-token', `${digits(9)}:AA${pick(URL, 31)}7q`, 'TELEGRAM_BOT_TOKEN='),
    tok('twilio-api-key', `SK${hex(32)}`),
    tok('twilio-account-sid', `AC${hex(32)}`, 'TWILIO_ACCOUNT_SID='),
    tok('sendgrid-key', `SG.${pick(URL, 21)}7.${pick(URL, 42)}q`),
    tok('sendinblue-key', `xkeysib-${hex(64)}-${al(16)}`),
    tok('sentry-token', `sntryu_${hex(64)}`),
    tok('grafana-token', `glsa_${al(32)}_${hex(8)}`),
    tok('linear-api-key', `lin_api_${al(40)}`),
    tok('age-secret-key', `AGE-SECRET-KEY-1${pick('QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L', 58)}`),
    tok('url-password', al(16), 'postgres://app:', '@db.internal:5432/evals'),
    tok('url-password', al(12), 'https://user:', '@example.com/repo.git'),
    tok('url-password', al(20), 'redis://:', '@localhost:6379'),
    { rule: 'private-key-block', text: `-----BEGIN RSA PRIVATE KEY-----\n${pem}\n-----END RSA PRIVATE KEY-----`, secret: `-----BEGIN RSA PRIVATE KEY-----\n${pem}` },
    { rule: 'jwt', text: jwt, secret: jwt },
    one('secret-assignment', 'DEPLOY_TOKEN=', al(40)), // .env
    one('secret-assignment', 'export GITHUB_PAT="', al(32), '"'), // shell
    one('secret-assignment', '{ "apiKey": "', al(32), '" }'), // JSON
    one('secret-assignment', 'db_password: ', al(24)), // YAML
    one('secret-assignment', 'client_secret = "', al(32), '"'), // TOML
    one('secret-assignment', "const SERVICE_KEY = '", al(40), "';"), // TypeScript
    one('secret-assignment', 'settings = {"auth_token": "', al(28), '"}'), // Python
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
