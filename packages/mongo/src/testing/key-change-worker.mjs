// One of several processes rolling or revoking the same key at once (see key-races.test.ts).
// It imports the built packages, as a deployed instance or an operator's CLI would.
import process from 'node:process';
import { KeyService, KeyTags, newKeyTagSecret, OPERATOR, systemClock } from '@petstore/domain';
import { connectMongo } from '@petstore/mongo';

const [uri = '', dbName = ''] = process.argv.slice(2);
const mongo = await connectMongo({ uri, dbName, timeoutMS: 30_000 });
// Tagged under the database's secret, as every instance's and the CLI's keys are.
const keyTags = new KeyTags([await mongo.keyTagSecrets.claim(newKeyTagSecret())]);
const keys = new KeyService({
  keys: mongo.keys,
  audit: mongo.audit,
  claims: mongo.keyClaims,
  clock: systemClock,
  actor: `worker ${process.pid}`,
  keyTags,
  maxRateLimit: null,
});

// As the operator's command line changes keys.
const change = { roll: (keyId) => keys.rollKey(OPERATOR, keyId, { overlapSeconds: 3600 }), revoke: (keyId) => keys.revokeKey(OPERATOR, keyId) };

// Each message is one round: every worker gets it at about the same instant and answers with its outcome.
process.on('message', async (message) => {
  if (message === 'stop') {
    await mongo.close();
    process.disconnect?.();
    return;
  }
  const { action, keyId } = message;
  try {
    const result = await change[action](keyId);
    process.send?.({ ok: true, result: JSON.parse(JSON.stringify(result)) });
  } catch (error) {
    process.send?.({ ok: false, code: error?.code ?? 'unknown', message: String(error?.message ?? error) });
  }
});
process.send?.({ ready: true });
