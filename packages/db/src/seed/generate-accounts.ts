/** Demo accounts, one per kind of person the marketplace serves (README lists them). */
import { DEFAULT_BUYER_PERSONA } from '@lotline/contracts';
import type { accounts, companyMembers, users, userVars } from '../schema/index';
import { makeId, type Rng } from './random';
import { DAY_MS } from './text';

export type UserRow = typeof users.$inferInsert;
export type AccountRow = typeof accounts.$inferInsert;
export type UserVarRow = typeof userVars.$inferInsert;
export type CompanyMemberRow = typeof companyMembers.$inferInsert;

/** Every demo account signs in with this password (it is printed in README.md; demo data only). */
export const DEMO_PASSWORD = 'lotline-demo-2026';

interface Person {
  email: string;
  name: string;
  roles: string[];
  /** Activation (e-mail confirmed). */
  activated: boolean;
  /** The logged-in verification flag of spec §4; payment methods and addresses come with a later slice. */
  verified: boolean;
  persona: string;
  companyId?: string;
}

export interface DemoAccounts {
  users: UserRow[];
  accounts: AccountRow[];
  vars: UserVarRow[];
  members: CompanyMemberRow[];
}

/** `passwordHash` is the argon2id hash of DEMO_PASSWORD, made once by the caller (hashing is slow on purpose). */
export function generateAccounts(
  rng: Rng,
  seed: number,
  now: number,
  featuredSellers: { id: string; slug: string; name: string }[],
  passwordHash: string,
): DemoAccounts {
  const people: Person[] = [
    {
      email: 'buyer@example.com',
      name: 'Alex Morgan',
      roles: [],
      activated: true,
      verified: true,
      persona: DEFAULT_BUYER_PERSONA,
    },
    {
      email: 'unverified@example.com',
      name: 'Casey Brooks',
      roles: [],
      activated: false,
      verified: false,
      persona: DEFAULT_BUYER_PERSONA,
    },
    {
      email: 'reseller@example.com',
      name: 'Jordan Lee',
      roles: [],
      activated: true,
      verified: false,
      persona: 'Reseller',
    },
    ...featuredSellers.map((s) => ({
      email: `seller-${s.slug}@example.com`,
      name: s.name,
      roles: ['seller'],
      activated: true,
      verified: true,
      persona: DEFAULT_BUYER_PERSONA,
      companyId: s.id,
    })),
    {
      email: 'staff@example.com',
      name: 'Sam Patel',
      roles: ['staff', 'admin'],
      activated: true,
      verified: true,
      persona: DEFAULT_BUYER_PERSONA,
    },
  ];
  const out: DemoAccounts = { users: [], accounts: [], vars: [], members: [] };
  people.forEach((p, i) => {
    const id = makeId('usr', seed, i);
    const createdAt = new Date(now - rng.int(30, 400) * DAY_MS);
    out.users.push({
      id,
      email: p.email,
      name: p.name,
      roles: p.roles,
      verified: p.verified,
      emailVerified: p.activated,
      createdAt,
      updatedAt: createdAt,
    });
    // The same row shape the auth library writes at sign-up (provider `credential`, accountId = user id).
    out.accounts.push({
      id: makeId('acc', seed, i),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: passwordHash,
      createdAt,
      updatedAt: createdAt,
    });
    out.vars.push({ userId: id, key: 'buyer_persona', value: p.persona, updatedAt: createdAt });
    if (p.companyId) out.members.push({ companyId: p.companyId, userId: id, createdAt });
  });
  return out;
}
