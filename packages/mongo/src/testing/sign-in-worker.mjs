// Another instance of the service signing people in on the same database (see sign-in-throttle.test.ts).
// It imports the built packages, as a deployed instance would.
import process from 'node:process';
import { createSignInThrottle } from '@petstore/domain';
import { connectMongo } from '@petstore/mongo';

const [uri = '', dbName = '', now = '0'] = process.argv.slice(2);
const mongo = await connectMongo({ uri, dbName, timeoutMS: 30_000 });
// The parent's clock, standing still: both processes are in the same window whatever the test's duration.
const clock = { now: () => new Date(Number(now)) };
const throttle = createSignInThrottle({ clock, sharedLimiter: mongo.sharedRateLimiter });

const outcome = (email, address) =>
  throttle.admit(email, address).then(
    () => 'ok',
    (error) => error?.code ?? String(error),
  );

// Each message is one round: `attempts` concurrent sign-in attempts at one email from one address.
process.on('message', async (message) => {
  if (message === 'stop') {
    await mongo.close();
    process.disconnect?.();
    return;
  }
  const { email, address, attempts } = message;
  process.send?.(await Promise.all(Array.from({ length: attempts }, () => outcome(email, address))));
});
process.send?.({ ready: true });
