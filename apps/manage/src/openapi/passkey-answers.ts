import { z } from 'zod';

/** What the passkey operations answer, as zod schemas: the handlers' answers are typed by them and the document generated from them. */
const Instant = z.iso.datetime().meta({ description: 'An instant, in UTC (RFC 3339).' });

export const PasskeyAnswer = z
  .strictObject({
    id: z.string().meta({ description: "The passkey's credential id, base64url: what deletePasskey takes." }),
    name: z.string().meta({ description: 'The name given when it was added ("Passkey" when none was).' }),
    transports: z.array(z.string()).meta({ description: 'How the browser reaches the authenticator (`internal`, `usb`, `hybrid`…), as it said.' }),
    createdAt: Instant,
    lastUsedAt: Instant.nullable().meta({ description: 'The last sign-in with it; null before the first.' }),
  })
  .meta({ description: 'A passkey of the signed-in person: never its public key.' });
export type PasskeyAnswer = z.infer<typeof PasskeyAnswer>;

export const PasskeyList = z.strictObject({ passkeys: z.array(PasskeyAnswer) }).meta({ description: "The signed-in person's passkeys." });

/** The options are WebAuthn's own JSON (Level 3), described by the specification rather than repeated here. */
const ceremonyStart = (options: string, browserCall: string) =>
  z
    .strictObject({
      challengeId: z.string().meta({ description: 'Send it back with the finish: usable once, within five minutes.' }),
      options: z
        .looseObject({ challenge: z.string() })
        .meta({ description: `WebAuthn's ${options}: give it to \`PublicKeyCredential.${browserCall}\`, then to navigator.credentials.` }),
    })
    .meta({ description: "A ceremony's start: the browser's options, and the handle its finish sends back." });

export const RegistrationStart = ceremonyStart('PublicKeyCredentialCreationOptionsJSON', 'parseCreationOptionsFromJSON');
export const SignInStart = ceremonyStart('PublicKeyCredentialRequestOptionsJSON', 'parseRequestOptionsFromJSON');
