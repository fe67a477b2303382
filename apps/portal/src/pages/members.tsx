import { useState } from 'preact/hooks';
import { answer, manage, oneOf, type Schemas } from '../api.js';
import { invitationInputRoleValues } from '../generated/manage-api.js';
import { navigate, takeLinkToken } from '../router.js';
import { useSession } from '../session.js';
import { Confirm } from '../ui/confirm.js';
import { CopyButton } from '../ui/copy-button.js';
import { Field } from '../ui/field.js';
import { Page } from '../ui/page.js';
import { Problem } from '../ui/problem.js';
import { formValues, useAction } from '../ui/use-action.js';
import { useLoad } from '../ui/use-load.js';
import { when } from '../ui/when.js';
import { NEW_PASSWORD_RULE } from '../ui/new-password-field.js';

export function MembersPage() {
  const { session } = useSession();
  const members = useLoad(() => answer(manage.GET('/members')));
  const invitations = useLoad(() => answer(manage.GET('/invitations')));
  const [created, setCreated] = useState<Schemas['CreatedInvitation']>();
  const invite = useAction(async (event: SubmitEvent) => {
    const { email = '', role } = formValues(event);
    setCreated(await answer(manage.POST('/invitations', { body: { email, role: oneOf(invitationInputRoleValues, role) } })));
    await invitations.reload();
  });
  const [removed, setRemoved] = useState<{ email: string; keys: Schemas['RemovedMember']['revokedKeys'] }>();
  const owner = session?.account.role === 'owner';
  return (
    <Page title="Members">
      <Problem error={members.error} />
      <div aria-live="polite">
        {removed && (
          <p>
            {removed.email} is removed.{' '}
            {removed.keys.length === 0
              ? 'They had made no key.'
              : `The keys they made were revoked: ${removed.keys.map((key) => `${key.name ?? 'unnamed key'} (${key.prefix})`).join(', ')}.`}
          </p>
        )}
      </div>
      <ul class="rows">
        {members.value?.members.map((member) => (
          <li key={member.personId}>
            <span>
              {member.email} ({member.role}), joined {when(member.joinedAt)}
            </span>
            {owner && member.personId !== session?.person.id && (
              <Confirm
                open="Remove"
                label={`Remove ${member.email}`}
                title={`Remove ${member.email} from the account?`}
                act={`Remove ${member.email}`}
                onDone={async () => {
                  const { revokedKeys } = await answer(manage.DELETE('/members/{personId}', { params: { path: { personId: member.personId } } }));
                  setRemoved({ email: member.email, keys: revokedKeys });
                }}
                after={members.reload}
              >
                <p>Their sessions end now, and the keys they made (and the keys those keys made) are revoked.</p>
              </Confirm>
            )}
          </li>
        ))}
      </ul>
      {owner && (
        <>
          <h2>Invite someone</h2>
          <form onSubmit={(event) => void invite.act(event)} class="card">
            <Field id="invite-email" label="Their email" name="email" type="email" required />
            <div class="field">
              <label for="invite-role">Role</label>
              <select id="invite-role" name="role">
                <option value="member">member</option>
                <option value="owner">owner (also manages the members)</option>
              </select>
            </div>
            <Problem error={invite.error} />
            <button type="submit" disabled={invite.busy}>
              Invite
            </button>
          </form>
          <div aria-live="polite">
            {created &&
              (created.link ? (
                <>
                  <p>
                    Pass this one-time link on to {created.invitation.email} (it is shown only now): <code class="secret">{created.link.url}</code>
                  </p>
                  <CopyButton text={created.link.url} label="Copy the link" />
                </>
              ) : (
                <p>
                  {created.delivery === 'output'
                    ? `The invitation for ${created.invitation.email} was written to the service's output (development: no mail server is set up); pass its link on.`
                    : `An invitation was mailed to ${created.invitation.email}.`}
                </p>
              ))}
          </div>
          <h2>Invitations</h2>
          <Problem error={invitations.error} />
          <ul class="rows">
            {invitations.value?.invitations.map((invitation) => (
              <li key={invitation.id}>
                <span>
                  {invitation.email} ({invitation.role}):{' '}
                  {invitation.acceptedAt
                    ? `accepted ${when(invitation.acceptedAt)}`
                    : invitation.revokedAt
                      ? 'withdrawn'
                      : `open until ${when(invitation.expiresAt)}`}
                </span>
                {!invitation.acceptedAt && !invitation.revokedAt && (
                  <Confirm
                    open="Withdraw"
                    label={`Withdraw the invitation of ${invitation.email}`}
                    title={`Withdraw the invitation of ${invitation.email}?`}
                    act="Withdraw the invitation"
                    onDone={async () => {
                      await answer(manage.DELETE('/invitations/{invitationId}', { params: { path: { invitationId: invitation.id } } }));
                    }}
                    after={invitations.reload}
                  >
                    <p>Its link will open nothing any more. You can invite them again later.</p>
                  </Confirm>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Page>
  );
}

/** The page an invitation's link opens: the invited address and a password join the account (or make one). */
export function AcceptInvitationPage() {
  const { refresh } = useSession();
  const [token] = useState(takeLinkToken);
  const { busy, error, act } = useAction(async (event: SubmitEvent) => {
    const { email = '', password = '' } = formValues(event);
    await answer(manage.POST('/invitations/accept', { body: { token: token ?? '', email, password } }));
    await refresh();
    navigate('/keys');
  });
  return (
    <Page title="Accept an invitation">
      {token ? (
        <form onSubmit={(event) => void act(event)} class="card">
          <Field id="accept-email" label="The invited email" name="email" type="email" autoComplete="username" required />
          <Field
            id="accept-password"
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            hint={`Yours if you have signed up; a new one (${NEW_PASSWORD_RULE}) if not.`}
            required
          />
          <Problem error={error} />
          <button type="submit" disabled={busy}>
            Accept
          </button>
        </form>
      ) : (
        <p>This page needs the link from the invitation: open the link itself.</p>
      )}
    </Page>
  );
}
