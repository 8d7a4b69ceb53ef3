import { EventEmitter } from 'node:events';

const ID = 'node-apis-stream-backpressure-2';
// Each option of the question, as the outcome it claims.
const claims = {
  A: 'returned false',
  B: 'caught boom',
  C: 'caught Unhandled error. (boom)',
  D: 'Nothing; it later crashes as an uncaughtException',
};

const lines = [];
let uncaught = false;
process.on('uncaughtException', () => { uncaught = true; });
const e = new EventEmitter();
try {
  const delivered = e.emit('error', new Error('boom'));
  lines.push(`returned ${delivered}`);
} catch (err) {
  lines.push(`caught ${err.message}`);
}
// Give any deferred error a chance to surface before deciding.
setImmediate(() => {
  let observed;
  if (lines.length === 0 && uncaught) observed = claims.D;
  else observed = uncaught ? `${lines.join('|')} + uncaughtException` : lines.join('|');
  const matches = Object.keys(claims).filter((k) => claims[k] === observed);
  if (matches.length !== 1) {
    console.error('no unique option matches', observed);
    process.exit(1);
  }
  console.log(JSON.stringify({ question: ID, observed, answer: matches[0] }));
});
