/**
 * Every secret shape the scanner knows (docs/design.md "Secret scanner", whose rule table a test
 * holds to this list), in one place; each has a canary (cli/dev/testkit/content.ts) and so a test
 * in secrets.test.ts. Shapes follow gitleaks' published rules (config/gitleaks.toml) where it has
 * one, written again here for these constraints:
 *
 * - Linear time: every quantifier is bounded (a value at most 256 characters), so no regex can
 *   backtrack over unbounded input; what a bounded regex cannot say (the character after a key,
 *   the name before a value) is checked in code on a bounded window (`after`, `before`).
 * - A literal first: a rule starts with its fixed prefix (a leading boundary is a lookbehind), so
 *   V8 searches for the literal instead of trying every position.
 * - Shapes that ordinary text can imitate also demand what a random key has (`plausible`: a
 *   digit and a letter, mixed case, enough distinct characters), so placeholders pass.
 *
 * `re` must be global; `group` picks the secret out of the match (0 = all of it).
 */
export interface SecretRule {
  id: string;
  description: string;
  re: RegExp;
  group?: number;
  /** bits per character the secret must reach (Shannon entropy; DEFAULT_MIN_ENTROPY when not set) */
  minEntropy?: number;
  /** what else a real key has: a digit and a letter (`digit`), upper and lower case (`mixed`) */
  needs?: readonly ('digit' | 'mixed')[];
  /** tested on the (up to) 64 characters before the match */
  before?: RegExp | ((head: string) => boolean);
  /** prepend what `before` matched (it must end in `$`) to the secret: a key whose distinctive part is not its start */
  keepBefore?: boolean;
  /** tested on the one character after the secret ('' at the end of the input) */
  after?: RegExp;
  /** an assignment: the group holding the opening quote (maybe empty); the value must end with that quote, or at a separator when unquoted */
  quoteGroup?: number;
  /**
   * Literal text every match starts with (one of them): the scanner finds them all in one pass and
   * tries the rule only there. Without keywords a rule is its own pass over the text.
   */
  keywords?: readonly string[];
  /** a final word on the secret itself (placeholders, examples) */
  accept?: (secret: string, m: RegExpExecArray) => boolean;
}

/** How far before a match `before` may look, and the longest match any rule can make: the scanner's chunk margins. */
export const HEAD_CHARS = 64;
export const MAX_MATCH_CHARS = 2200;
/** Every rule's floor: a prefix and a run of one character (`sk-ant-AAAA…`, base64 of zeros) is no key. */
export const DEFAULT_MIN_ENTROPY = 3;

/**
 * A leading boundary: no letter, digit or `_` before, except the letter of a JSON escape (`\n`,
 * `\t`): evidence stores a probe's output as a JSON string, where a key at the start of a line
 * follows `\n`.
 */
const B = '(?<!(?<!\\\\)[A-Za-z0-9_])';
const END_ALNUM = /^(?![A-Za-z0-9])/; // the key does not run on into more letters or digits
const END_TOKEN = /^(?![A-Za-z0-9_-])/;
const END_B64 = /^(?![A-Za-z0-9+/=])/;

/** A token rule: a fixed prefix and a bounded body. */
function token(id: string, description: string, source: string, extra: Partial<SecretRule> = {}): SecretRule {
  return { id, description, re: new RegExp(`${B}${source}`, 'g'), ...extra };
}

// ---- the assignment rules: a value after `=`, `:`, `:=` or `=>`, judged by the name before it ----

const SECRET_WORDS = new Set(['secret', 'secrets', 'password', 'passwd', 'passphrase', 'pwd', 'apikey', 'credential', 'credentials', 'privatekey', 'secretkey', 'accesskey']);
/** words that mark a name as secret only as its last word (`DEPLOY_TOKEN`, `OPENAI_API_KEY`, `GITHUB_PAT`, `DB_PASS`) */
const LAST_WORDS = new Set(['key', 'token', 'pat', 'pass', 'auth', 'dsn']);
/** a last word that says the value is about a secret, not one (`SECRET_NAME`, `TOKEN_URL`, `PASSWORD_HASH`) */
const NOT_A_VALUE = new Set([
  'id',
  'ids',
  'name',
  'names',
  'file',
  'path',
  'url',
  'uri',
  'type',
  'length',
  'size',
  'count',
  'env',
  'var',
  'ref',
  'hash',
  'digest',
  'header',
  'field',
  'prefix',
  'version',
  'endpoint',
  'limit',
  'budget',
  'usage',
  'dir',
]);
/** words before `key` that make it an index, not a credential (`PRIMARY_KEY`, `cacheKey`) */
const NOT_A_CREDENTIAL = new Set([
  'public',
  'publishable',
  'primary',
  'foreign',
  'sort',
  'partition',
  'cache',
  'idempotency',
  'dedupe',
  'lookup',
  'row',
  'map',
  'object',
  'cursor',
  'index',
  'group',
  'query',
  'storage',
  'react',
  'hotkey',
  'short',
  'shortcut',
  'pubkey',
  'verify',
  'verifying',
]);

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Whether an assignment to `name` holds a credential, by its words: `OPENROUTER_API_KEY`, `"clientSecret"`, `db_password`. */
export function secretName(name: string): boolean {
  const w = words(name);
  const last = w[w.length - 1];
  if (last === undefined || NOT_A_VALUE.has(last)) return false;
  if (w.some((x) => SECRET_WORDS.has(x))) return true;
  if (!LAST_WORDS.has(last)) return false;
  if (w.length === 1) return last !== 'key' && last !== 'auth'; // a bare `key:` is a dictionary key, a bare `token:` is not
  return !(last === 'key' && NOT_A_CREDENTIAL.has(w[w.length - 2]!));
}

const NAME_CHAR = /[A-Za-z0-9_.$-]/;
/**
 * The name an assignment gives its value: the identifier just before the operator, past up to 4
 * spaces and one quote (`export NAME=`, `"name": `, `name = `, `const NAME := `). A loop backwards
 * over the head, not a regex: an unanchored regex ending in `$` would try all 64 start positions.
 */
export function nameBefore(head: string): string | null {
  let i = head.length;
  for (let n = 0; n < 4 && (head[i - 1] === ' ' || head[i - 1] === '\t'); n++) i--;
  if (head[i - 1] === '"' || head[i - 1] === "'" || head[i - 1] === '`') i--;
  if (head[i - 1] === '\\') i--; // `\"name\": ` inside a JSON string
  const end = i;
  while (i > 0 && end - i < 64 && NAME_CHAR.test(head[i - 1]!)) i--;
  return i < end ? head.slice(i, end) : null;
}

/** Text that stands in for a key: `xxxx`, `your-key-here`, `<token>`, `example`. */
const PLACEHOLDER = /x{4}|\*{3}|\.{3}|example|placeholder|your[_-]|changeme|dummy|redacted|sample|fake|test[_-]?key/i;

/** The operator, optional spaces, an optional quote (captured), and the value (captured): `=`, `:`, `:=`, `=>`. */
const ASSIGN = '(?::=|=>|[:=])[ \\t]{0,8}((?:\\\\?["\'`])?)'; // the quote may be escaped: `\"` inside a JSON string
const VALUE = '[A-Za-z0-9+/=_.~-]';

/** What may follow an unquoted value: the end of the line or text, a separator, or a JSON escape. */
export const VALUE_END = /^(?:$|[\s;,)}\]&\\])/;
const notPlaceholder = (s: string) => !PLACEHOLDER.test(s);

/** URL userinfo passwords that stand for a value: `user:password@`, `${PASS}`, `$DB_PASSWORD`, `<pw>`, `{{pw}}`. */
const URL_PLACEHOLDER =
  /^(?:pass(?:word)?|passwd|pwd|secret|changeme|changeit|x+|\*+|\.+|<[^>]*>|\$\{[^}]*\}?|\$[A-Za-z_][A-Za-z0-9_]*|\{\{.*|%[sd]|:[a-z_]+|\[[^\]]*\]|password\d?|mypassword|yourpassword|example)$/i;

const RULES: SecretRule[] = [
  // ---- LLM and model providers ----
  token('openrouter-key', 'OpenRouter API key (sk-or-v1- + 64 hex)', 'sk-or-v1-[0-9a-f]{64}', { after: END_ALNUM }),
  token('anthropic-key', 'Anthropic API or admin key (sk-ant-…)', 'sk-ant-[A-Za-z0-9_-]{32,256}'),
  token('openai-key', 'OpenAI API key (sk-…, sk-proj-…, sk-svcacct-…, sk-admin-…)', 'sk-(?!or-|ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,256}', { minEntropy: 3.5, needs: ['digit'] }),
  token('huggingface-token', 'Hugging Face token (hf_ or api_org_ + 34 letters or digits)', '(?:hf_|api_org_)[A-Za-z0-9]{34}', { after: END_ALNUM, minEntropy: 3, needs: ['mixed'] }),
  token('perplexity-key', 'Perplexity API key (pplx- + 48)', 'pplx-[A-Za-z0-9]{48}', { after: END_ALNUM, minEntropy: 3 }),
  token('groq-key', 'Groq API key (gsk_ + 52)', 'gsk_[A-Za-z0-9]{52}', { after: END_ALNUM, minEntropy: 3 }),
  token('xai-key', 'xAI API key (xai- + 80)', 'xai-[A-Za-z0-9]{80}', { after: END_ALNUM, minEntropy: 3 }),
  token('replicate-token', 'Replicate API token (r8_ + 37)', 'r8_[A-Za-z0-9]{37}', { after: END_ALNUM, minEntropy: 3, needs: ['digit'] }),
  token('langsmith-key', 'LangSmith API key (lsv2_pt_…, lsv2_sk_…)', 'lsv2_(?:pt|sk)_[0-9a-f]{32}_[0-9a-f]{10}', { after: END_ALNUM }),
  // ---- clouds ----
  token('aws-access-key-id', 'AWS access key id (AKIA…, ASIA…, ABIA…, ACCA…)', '(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}', { after: END_ALNUM, accept: (s) => !/EXAMPLE$/.test(s) }),
  {
    id: 'aws-secret-key',
    description: 'AWS secret access key: 40 base64 characters assigned to a name that mentions aws or secret',
    re: new RegExp(`${ASSIGN}([A-Za-z0-9/+]{40})`, 'g'),
    group: 2,
    quoteGroup: 1,
    before: (head) => /aws|secret/i.test(nameBefore(head) ?? ''),
    accept: notPlaceholder,
    minEntropy: 3.5,
    needs: ['digit', 'mixed'],
  },
  token('google-api-key', 'Google API key (AIza + 35)', 'AIza[0-9A-Za-z_-]{35}', { after: END_TOKEN }),
  token('google-oauth-secret', 'Google OAuth client secret (GOCSPX- + 28)', 'GOCSPX-[A-Za-z0-9_-]{28}', { after: END_TOKEN }),
  {
    id: 'gcp-service-account',
    description: 'GCP service-account key JSON ("private_key": "-----BEGIN PRIVATE KEY-----…)',
    // also inside a JSON string (a probe printed the file): quotes escaped, the `\n` escaped again
    re: /\\?"private_key\\?"[ \t]{0,4}:[ \t]{0,4}\\?"(-----BEGIN (?:RSA )?PRIVATE KEY-----(?:\\{1,2}n|\n)[A-Za-z0-9+/=]{32,256})/g,
    group: 1,
  },
  {
    id: 'azure-storage-key',
    description: 'Azure storage account key or SAS key in a connection string (AccountKey=…, SharedAccessKey=…)',
    re: /(?<!(?<!\\)[A-Za-z0-9])(?:AccountKey|SharedAccessKey)=([A-Za-z0-9+/]{40,100}={0,2})/g,
    group: 1,
    after: END_B64,
    minEntropy: 3.5,
  },
  {
    id: 'azure-ad-client-secret',
    description: 'Azure AD (Entra) client secret (…8Q~…)',
    re: /Q~[A-Za-z0-9_~.-]{31,34}/g,
    before: /(?<!(?<!\\)[A-Za-z0-9_~.])[A-Za-z0-9_~.]{3}[0-9]$/,
    keepBefore: true,
    after: /^(?![A-Za-z0-9_~.-])/,
    minEntropy: 3,
  },
  token('digitalocean-token', 'DigitalOcean token (dop_v1_, doo_v1_, dor_v1_ + 64 hex)', 'do[opr]_v1_[0-9a-f]{64}', { after: END_ALNUM }),
  token('databricks-token', 'Databricks token (dapi + 32 hex)', 'dapi[0-9a-f]{32}(?:-[0-9])?', { after: END_ALNUM, needs: ['digit'] }),
  token('convex-deploy-key', 'Convex deploy or admin key (prod:name|…, dev:…|…, preview:…|…, project:…|…)', '(?:prod|dev|preview|project):[a-z0-9][a-z0-9:-]{0,127}\\|[A-Za-z0-9+/=_-]{20,256}', {
    minEntropy: 3,
    needs: ['digit'],
  }),
  token('convex-self-hosted-key', 'Convex self-hosted admin key (convex-self-hosted|…)', 'convex-self-hosted\\|[0-9a-f]{32,256}'),
  token('supabase-key', 'Supabase personal access or secret key (sbp_ + 40 hex, sb_secret_…)', '(?:sbp_[0-9a-f]{40}|sb_secret_[A-Za-z0-9_-]{20,256})', { after: END_ALNUM, needs: ['digit'] }),
  token('heroku-key', 'Heroku API key (HRKU-AA…)', 'HRKU-AA[0-9A-Za-z_-]{58}', { after: END_TOKEN }),
  token('vault-token', 'HashiCorp Vault token (hvs., hvb.)', 'hv[sb]\\.[A-Za-z0-9_-]{90,300}', { minEntropy: 3.5 }),
  token('planetscale-token', 'PlanetScale token or password (pscale_tkn_, pscale_oauth_, pscale_pw_)', 'pscale_(?:tkn|oauth|pw)_[A-Za-z0-9_=.-]{32,64}', { minEntropy: 3 }),
  token('pulumi-token', 'Pulumi access token (pul- + 40 hex)', 'pul-[0-9a-f]{40}', { after: END_ALNUM }),
  token('doppler-token', 'Doppler token (dp.pt. + 43)', 'dp\\.(?:pt|st|sa|ct|scim|audit)\\.[A-Za-z0-9]{40,44}', { after: END_ALNUM }),
  // ---- code hosting and package registries ----
  token('github-token', 'GitHub token (ghp_, gho_, ghs_, ghu_, ghr_ + 36)', 'gh[pousr]_[A-Za-z0-9]{36,251}', { after: END_ALNUM }),
  token('github-pat', 'GitHub fine-grained token (github_pat_…)', 'github_pat_[A-Za-z0-9_]{22,245}'),
  token(
    'gitlab-token',
    'GitLab token (glpat-, gldt-, glrt-, glptt-, gloas-, glft-, glimt-, glagent-, glsoat-, glffct-, glcbt-)',
    '(?:glpat|gldt|glrt|glptt|gloas|glft|glimt|glagent|glsoat|glffct|glcbt)-[A-Za-z0-9_.-]{20,300}',
    { minEntropy: 3, needs: ['digit'] },
  ),
  token('npm-token', 'npm access token (npm_ + 36)', 'npm_[A-Za-z0-9]{36}', { after: END_ALNUM, needs: ['digit'] }),
  token('pypi-token', 'PyPI upload token (pypi-AgEIcHlwaS5vcmc…)', 'pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,256}'),
  token('rubygems-token', 'RubyGems API key (rubygems_ + 48 hex)', 'rubygems_[0-9a-f]{48}', { after: END_ALNUM }),
  token('postman-key', 'Postman API key (PMAK-…)', 'PMAK-[0-9a-f]{24}-[0-9a-f]{34}', { after: END_ALNUM }),
  // ---- payments, messaging, email ----
  token('stripe-key', 'Stripe secret or restricted key (sk_live_, rk_live_, sk_test_, rk_test_, sk_prod_ …)', '(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{10,247}', { minEntropy: 3, needs: ['digit'] }),
  token('stripe-webhook-secret', 'Stripe webhook signing secret (whsec_…)', 'whsec_[A-Za-z0-9+/=]{32,256}', { minEntropy: 3, needs: ['digit'] }),
  token('shopify-token', 'Shopify token (shpat_, shpca_, shppa_, shpss_ + 32 hex)', 'shp(?:at|ca|pa|ss)_[0-9a-fA-F]{32}', { after: END_ALNUM }),
  token('slack-token', 'Slack token (xoxb-, xoxp-, xoxa-, xoxo-, xoxr-, xoxs-, xoxe-, xapp-)', '(?:xox[abposre]|xapp)-[A-Za-z0-9-]{10,256}', { needs: ['digit'] }),
  token('slack-webhook', 'Slack incoming-webhook URL (hooks.slack.com/services/…)', 'hooks\\.slack\\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_-]{40,100}', { needs: ['digit'] }),
  token('discord-webhook', 'Discord webhook URL (discord.com/api/webhooks/ID/TOKEN)', 'discord(?:app)?\\.com/api/webhooks/[0-9]{10,24}/[A-Za-z0-9_-]{60,80}', { after: END_TOKEN }),
  token('discord-bot-token', 'Discord bot token (M…/N…/O… . 6 . 27–38)', '[MNO][A-Za-z0-9_-]{23,25}\\.[A-Za-z0-9_-]{6}\\.[A-Za-z0-9_-]{27,38}', {
    after: END_TOKEN,
    minEntropy: 3.5,
    needs: ['digit', 'mixed'],
  }),
  {
    id: 'telegram-bot-token',
    description: 'Telegram bot token (bot id : AA + 33)',
    re: /:AA[A-Za-z0-9_-]{33}/g,
    before: /(?<![0-9])[0-9]{8,10}$/,
    keepBefore: true,
    after: END_TOKEN,
  },
  token('twilio-api-key', 'Twilio API key SID (SK + 32 hex)', 'SK[0-9a-f]{32}', { after: END_ALNUM, needs: ['digit'] }),
  {
    id: 'twilio-account-sid',
    description: 'Twilio account SID (AC + 32 hex) where the text names Twilio',
    re: /(?<!(?<!\\)[A-Za-z0-9_])AC[0-9a-f]{32}/g,
    before: /twilio|account_?sid/i,
    after: END_ALNUM,
    needs: ['digit'],
  },
  token('sendgrid-key', 'SendGrid API key (SG. + 22 . 43)', 'SG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}', { after: END_TOKEN }),
  token('sendinblue-key', 'Brevo (Sendinblue) API key (xkeysib-…)', 'xkeysib-[0-9a-f]{64}-[A-Za-z0-9]{16}', { after: END_ALNUM }),
  // ---- observability and tools ----
  token('sentry-token', 'Sentry user or org token (sntryu_, sntrys_)', '(?:sntryu_[0-9a-f]{64}|sntrys_eyJ[A-Za-z0-9+/=_]{60,400})', { after: END_ALNUM }),
  token('grafana-token', 'Grafana service-account or cloud token (glsa_, glc_)', '(?:glsa_[A-Za-z0-9]{32}_[0-9a-fA-F]{8}|glc_[A-Za-z0-9+/]{32,400}={0,3})', { minEntropy: 3, needs: ['digit'] }),
  token('linear-api-key', 'Linear API key (lin_api_ + 40)', 'lin_api_[A-Za-z0-9]{40}', { after: END_ALNUM, needs: ['digit'] }),
  token('age-secret-key', 'age encryption secret key (AGE-SECRET-KEY-1…)', 'AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}'),
  // ---- generic shapes ----
  {
    id: 'url-password',
    description: 'password in a URL or DSN of any scheme (scheme://user:password@host): 6+ characters, not a placeholder (`password`, a $VARIABLE, `<pw>`) nor the user name again',
    re: /:\/\/([^\s:/?#@'"`<>\\]{0,64}):([^\s/?#@'"`<>\\]{6,128})@(?=[A-Za-z0-9[])/g,
    group: 2,
    before: /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{0,31}$/,
    minEntropy: 2,
    accept: (s, m) => !URL_PLACEHOLDER.test(s) && s !== m[1], // `postgres:postgres@` is a default, not a secret
  },
  {
    id: 'private-key-block',
    description: 'PEM private key block (-----BEGIN … PRIVATE KEY-----)',
    re: /-----BEGIN (?:[A-Z0-9]{1,16} ){0,4}PRIVATE KEY(?: BLOCK)?-----(?:(?!-----)[\s\S]){0,64}?[A-Za-z0-9+/=]{32,256}/g,
  },
  // a payload longer than the bound is still found, as header and payload's first 1,024 characters
  token('jwt', 'JSON Web Token (eyJ….eyJ….…)', 'eyJ[A-Za-z0-9_-]{8,512}\\.eyJ[A-Za-z0-9_-]{8,1024}(?:\\.[A-Za-z0-9_-]{8,512})?'),
  {
    id: 'secret-assignment',
    description:
      'a value that looks random (digit and letter, ≥ 3.5 bits/char, 16–256 chars) assigned to a name that says secret (*_KEY, *_TOKEN, *_SECRET, PASSWORD, *_PAT, …) in .env, shell, JSON, YAML, TOML or source form',
    re: new RegExp(`${ASSIGN}(${VALUE}{16,256})`, 'g'),
    group: 2,
    quoteGroup: 1,
    before: (head) => {
      const name = nameBefore(head);
      return name !== null && secretName(name);
    },
    accept: notPlaceholder,
    minEntropy: 3.5,
    needs: ['digit'],
  },
];

/**
 * Each rule's keywords: the literal start of every match (a lookbehind aside). One pass over the
 * text finds them all (an alternation of literals, which V8 searches fast); the rule's regex then
 * runs, sticky, only where one starts, so fifty rules cost about two passes, not fifty. Rules not
 * listed (an assignment's operator, a Discord token's first letter) make a pass of their own.
 */
const KEYWORDS: Record<string, readonly string[]> = {
  'openrouter-key': ['sk-or-v1-'],
  'anthropic-key': ['sk-ant-'],
  'openai-key': ['sk-'],
  'huggingface-token': ['hf_', 'api_org_'],
  'perplexity-key': ['pplx-'],
  'groq-key': ['gsk_'],
  'xai-key': ['xai-'],
  'replicate-token': ['r8_'],
  'langsmith-key': ['lsv2_pt_', 'lsv2_sk_'],
  'aws-access-key-id': ['AKIA', 'ASIA', 'ABIA', 'ACCA'],
  'google-api-key': ['AIza'],
  'google-oauth-secret': ['GOCSPX-'],
  'gcp-service-account': ['"private_key', '\\"private_key'],
  'azure-storage-key': ['AccountKey=', 'SharedAccessKey='],
  'azure-ad-client-secret': ['Q~'],
  'digitalocean-token': ['doo_v1_', 'dop_v1_', 'dor_v1_'],
  'databricks-token': ['dapi'],
  'convex-deploy-key': ['prod:', 'dev:', 'preview:', 'project:'],
  'convex-self-hosted-key': ['convex-self-hosted|'],
  'supabase-key': ['sbp_', 'sb_secret_'],
  'heroku-key': ['HRKU-AA'],
  'vault-token': ['hvs.', 'hvb.'],
  'planetscale-token': ['pscale_'],
  'pulumi-token': ['pul-'],
  'doppler-token': ['dp.'],
  'github-token': ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'],
  'github-pat': ['github_pat_'],
  'gitlab-token': ['glpat-', 'gldt-', 'glrt-', 'glptt-', 'gloas-', 'glft-', 'glimt-', 'glagent-', 'glsoat-', 'glffct-', 'glcbt-'],
  'npm-token': ['npm_'],
  'pypi-token': ['pypi-AgEIcHlwaS5vcmc'],
  'rubygems-token': ['rubygems_'],
  'postman-key': ['PMAK-'],
  'stripe-key': ['sk_live_', 'sk_test_', 'sk_prod_', 'rk_live_', 'rk_test_', 'rk_prod_'],
  'stripe-webhook-secret': ['whsec_'],
  'shopify-token': ['shpat_', 'shpca_', 'shppa_', 'shpss_'],
  'slack-token': ['xox', 'xapp-'],
  'slack-webhook': ['hooks.slack.com/'],
  'discord-webhook': ['discord'],
  'telegram-bot-token': [':AA'],
  'twilio-api-key': ['SK'],
  'twilio-account-sid': ['AC'],
  'sendgrid-key': ['SG.'],
  'sendinblue-key': ['xkeysib-'],
  'sentry-token': ['sntryu_', 'sntrys_'],
  'grafana-token': ['glsa_', 'glc_'],
  'linear-api-key': ['lin_api_'],
  'age-secret-key': ['AGE-SECRET-KEY-1'],
  'url-password': ['://'],
  'private-key-block': ['-----BEGIN '],
  jwt: ['eyJ'],
};

export const SECRET_RULES: readonly SecretRule[] = RULES.map((r) => (KEYWORDS[r.id] ? { ...r, keywords: KEYWORDS[r.id] } : r));
