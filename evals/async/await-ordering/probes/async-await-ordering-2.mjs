// Probe: `return promise` (without await) inside try does not let catch handle the rejection.
const id = 'async-await-ordering-2';
const claims = {
  A: 'resolves "caught"',
  B: 'resolves undefined',
  C: 'rejects Error: boom',
  D: 'resolves a pending Promise object',
};
async function f() {
  try {
    return Promise.reject(new Error('boom'));
  } catch {
    return 'caught';
  }
}
let observed;
try {
  const v = await f();
  observed = v instanceof Promise ? 'resolves a pending Promise object' : `resolves ${JSON.stringify(v)}`;
} catch (e) {
  observed = `rejects ${e.name}: ${e.message}`;
}
const matches = Object.keys(claims).filter((k) => claims[k] === observed);
if (matches.length !== 1) { console.error('no unique option matches', observed); process.exit(1); }
console.log(JSON.stringify({ question: id, observed, answer: matches[0] }));
