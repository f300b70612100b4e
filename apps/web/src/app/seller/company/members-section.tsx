import type { CompanyMembersResponse } from '@lotline/contracts';
import page from '../../../components/forms/auth-page.module.css';
import { formatDay } from '../../../lib/time/format';
import styles from './company.module.css';
import { InviteForm } from './invite-form';
import { RemoveButton } from './remove-button';
import { RoleForm } from './role-form';

const ROLE_LABELS = { owner: 'Owner', staff: 'Staff' } as const;

/** The members and open invitations; an owner also changes roles, invites, removes and revokes. */
export function MembersSection({
  companyId,
  owner,
  selfId,
  team,
  timeZone,
}: {
  companyId: string;
  owner: boolean;
  selfId: string;
  team: CompanyMembersResponse;
  timeZone: string;
}) {
  return (
    <section className={page.card} aria-labelledby="members-title">
      <h2 id="members-title" className={page.cardTitle}>
        Members
      </h2>
      <ul className={styles.list} aria-label="Members">
        {team.members.map((m) => (
          <li key={m.userId} className={styles.item}>
            <p>
              <strong>{m.name}</strong> ({m.email}) · {ROLE_LABELS[m.role]}
              {m.userId === selfId ? ' · you' : ''}
            </p>
            {owner ? <RoleForm companyId={companyId} memberId={m.userId} name={m.name} role={m.role} /> : null}
            {owner ? (
              <RemoveButton
                companyId={companyId}
                kind="member"
                id={m.userId}
                label="Remove"
                accessibleName={`Remove ${m.name}`}
                question={`Remove ${m.name} (${m.email}) from the company? They keep their Lotline account but can no longer act for the company.`}
              />
            ) : null}
          </li>
        ))}
      </ul>
      <h3 className={styles.subtitle}>Pending invitations</h3>
      {team.invitations.length === 0 ? (
        <p>No invitation is waiting for an answer.</p>
      ) : (
        <ul className={styles.list} aria-label="Pending invitations">
          {team.invitations.map((i) => (
            <li key={i._id} className={styles.item}>
              <p>
                <strong>{i.email}</strong> · {ROLE_LABELS[i.role]} · expires {formatDay(i.expiresAt, timeZone)}
              </p>
              {owner ? (
                <RemoveButton
                  companyId={companyId}
                  kind="invitation"
                  id={i._id}
                  label="Revoke"
                  accessibleName={`Revoke the invitation of ${i.email}`}
                  question={`Revoke the invitation of ${i.email}? Its link stops working.`}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {owner ? (
        <>
          <h3 className={styles.subtitle}>Invite a member</h3>
          <InviteForm companyId={companyId} />
        </>
      ) : (
        <p>Only an owner of the company can invite or remove members and change their roles.</p>
      )}
    </section>
  );
}
