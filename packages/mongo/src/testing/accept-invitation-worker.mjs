// One of several processes accepting the same invitation at once (see people-two-processes.test.ts).
// It imports the built packages, as a deployed instance would.
import process from 'node:process';
import { connectMongo } from '@petstore/mongo';

const [uri = '', dbName = '', callsPerRound = '1'] = process.argv.slice(2);
const mongo = await connectMongo({ uri, dbName, timeoutMS: 30_000 });

// Each message is one round: every worker gets it at about the same instant and answers how many of its calls won.
process.on('message', async (message) => {
  if (message === 'stop') {
    await mongo.close();
    process.disconnect?.();
    return;
  }
  const at = new Date(message.at);
  try {
    const outcomes = await Promise.all(Array.from({ length: Number(callsPerRound) }, () => mongo.people.acceptInvitation(message.invitationId, at)));
    process.send?.({ ok: true, won: outcomes.filter(Boolean).length });
  } catch (error) {
    process.send?.({ ok: false, code: error?.code ?? 'unknown', message: String(error?.message ?? error) });
  }
});
process.send?.({ ready: true });
