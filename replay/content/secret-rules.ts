/**
 * Every secret shape the scanner knows (docs/design.md "Secret scanner"), in one place; each has a
 * test in secrets.test.ts. `re` must be global; `group` picks the secret out of the match (0 = all
 * of it). Shapes that ordinary text can imitate (an `sk-` prefix, a generic assignment) also demand
 * what a random key has: a digit, a letter, and enough distinct characters (minEntropy, bits per
 * character), so placeholders like `sk-xxxxxxxxxxxxxxxxxxxx` or `process.env.API_KEY` pass.
 * A leading word boundary is written as a lookbehind: V8 then searches for the literal prefix,
 * where `\b` made it try every position (~6x slower over evidence JSON).
 */
export interface SecretRule {
  id: string;
  description: string;
  re: RegExp;
  group?: number;
  minEntropy?: number;
  needsDigit?: boolean;
  /** must match the (up to) 64 characters before the match */
  before?: RegExp;
}

const KEYISH =
  '(?:api[_-]?key|apikey|secret(?:[_-]?key)?|client[_-]?secret|access[_-]?key|auth[_-]?token|access[_-]?token|refresh[_-]?token|bearer|token|password|passwd|private[_-]?key|credentials?)';
const VALUE = '[A-Za-z0-9+/=_.~-]{16,}';

export const SECRET_RULES: readonly SecretRule[] = [
  { id: 'openrouter-key', description: 'OpenRouter API key (sk-or-v1-…)', re: /(?<![A-Za-z0-9_])sk-or-v1-[0-9a-f]{64}\b/g },
  { id: 'anthropic-key', description: 'Anthropic API key (sk-ant-…)', re: /(?<![A-Za-z0-9_])sk-ant-[A-Za-z0-9_-]{32,}/g },
  { id: 'openai-key', description: 'OpenAI API key (sk-…, sk-proj-…)', re: /(?<![A-Za-z0-9_])sk-(?!or-|ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g, minEntropy: 3.5, needsDigit: true },
  { id: 'aws-access-key-id', description: 'AWS access key id (AKIA…, ASIA…)', re: /(?<![A-Za-z0-9_])(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { id: 'aws-secret-key', description: 'AWS secret access key line', re: /aws_?secret_?access_?key["']?\s*[:=]\s*["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/gi, group: 1, minEntropy: 3.5 },
  { id: 'github-token', description: 'GitHub token (ghp_…, gho_…, ghs_…, ghu_…, ghr_…)', re: /(?<![A-Za-z0-9_])gh[pousr]_[A-Za-z0-9]{36,}\b/g },
  { id: 'github-pat', description: 'GitHub fine-grained token (github_pat_…)', re: /(?<![A-Za-z0-9_])github_pat_[A-Za-z0-9_]{22,}/g },
  { id: 'slack-token', description: 'Slack token (xoxb-, xoxp-, xoxa-, xoxo-, xoxr-, xoxs-)', re: /(?<![A-Za-z0-9_])xox[abposr]-[A-Za-z0-9-]{10,}/g, needsDigit: true },
  { id: 'google-api-key', description: 'Google API key (AIza…)', re: /(?<![A-Za-z0-9_])AIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g },
  { id: 'huggingface-token', description: 'Hugging Face token (hf_…)', re: /(?<![A-Za-z0-9_])hf_[A-Za-z0-9]{34,}\b/g, needsDigit: true },
  { id: 'private-key-block', description: 'PEM private key block', re: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]{0,64}?[A-Za-z0-9+/=]{32,}/g },
  { id: 'jwt', description: 'JSON Web Token (eyJ….eyJ….…)', re: /(?<![A-Za-z0-9_])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  {
    id: 'env-assignment',
    description: 'KEY=value line with a high-entropy value (.env style)',
    re: new RegExp(`^[ \\t]*(?:export[ \\t]+)?[A-Za-z0-9_]*${KEYISH}[A-Za-z0-9_]*[ \\t]*=[ \\t]*["']?(${VALUE})`, 'gim'),
    group: 1,
    minEntropy: 3.5,
    needsDigit: true,
  },
  {
    id: 'quoted-assignment',
    description: '"apiKey": "…" / token = "…" with a high-entropy value (JSON, YAML, code)',
    // The match starts at the [:=]; the key-ish name is checked just before it (`before`): a
    // pattern that starts with the name makes every position of the text try it (~10x slower).
    re: new RegExp(`[:=][ \\t]*["'](${VALUE})["']`, 'g'),
    before: new RegExp(`${KEYISH}["']?[ \\t]*$`, 'i'),
    group: 1,
    minEntropy: 3.5,
    needsDigit: true,
  },
];
