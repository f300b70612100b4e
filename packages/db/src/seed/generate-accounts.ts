/** Demo accounts, one per kind of person the marketplace serves (README lists them). */
import { DEFAULT_BUYER_PERSONA } from '@lotline/contracts';
import type {
  accounts,
  addresses,
  companyMembers,
  paymentMethods,
  sandboxCards,
  users,
  userVars,
} from '../schema/index';
import { makeId, type Rng } from './random';
import { DAY_MS } from './text';

export type UserRow = typeof users.$inferInsert;
export type AccountRow = typeof accounts.$inferInsert;
export type UserVarRow = typeof userVars.$inferInsert;
export type CompanyMemberRow = typeof companyMembers.$inferInsert;
export type AddressRow = typeof addresses.$inferInsert;
export type SandboxCardRow = typeof sandboxCards.$inferInsert;
export type PaymentMethodRow = typeof paymentMethods.$inferInsert;

interface Person {
  email: string;
  name: string;
  roles: string[];
  /** Activation (e-mail confirmed). */
  activated: boolean;
  /**
   * The logged-in verification flag of spec §4. A person marked `verified`
   * without `details` keeps the seeded flag until the account changes.
   */
  verified: boolean;
  /** Seed what spec §4 asks for, so the flag holds by the rules: a billing and a shipping address and a card. */
  details?: boolean;
  persona: string;
  companyId?: string;
  /** Where the addresses are (the Houston office when not given). */
  place?: Place;
}

interface Place {
  line1: string;
  city: string;
  region: string;
  postalCode: string;
  phone: string;
}

const HOUSTON: Place = {
  line1: '1200 Main Street',
  city: 'Houston',
  region: 'TX',
  postalCode: '77002',
  phone: '+1 713 555 0142',
};

/**
 * Verified bidders for trying the auction engine side by side (outbid one
 * another, watch a soft close): registered for no event and with no bids.
 */
const BIDDERS: { name: string; place: Place }[] = [
  {
    name: 'Riley Chen',
    place: { line1: '850 Wazee Street', city: 'Denver', region: 'CO', postalCode: '80204', phone: '+1 303 555 0117' },
  },
  {
    name: 'Morgan Diaz',
    place: {
      line1: '401 N Wabash Avenue',
      city: 'Chicago',
      region: 'IL',
      postalCode: '60611',
      phone: '+1 312 555 0168',
    },
  },
  {
    name: 'Taylor Okafor',
    place: {
      line1: '75 Peachtree Street',
      city: 'Atlanta',
      region: 'GA',
      postalCode: '30303',
      phone: '+1 404 555 0193',
    },
  },
  {
    name: 'Jamie Novak',
    place: { line1: '1500 4th Avenue', city: 'Seattle', region: 'WA', postalCode: '98101', phone: '+1 206 555 0125' },
  },
];

/**
 * The demo's own buyers: verified (activated, addresses, a sandbox Visa), with no role and no company, so the
 * demo's purchases, bids and won lots are a buyer's (a seller's people never buy, and never their own lots).
 * The browser tests do not sign in as them (they keep buyer@ and bidder1..4@ to themselves).
 */
export const DEMO_BUYERS: { email: string; name: string; place: Place }[] = [
  {
    email: 'dana.whitfield@example.com',
    name: 'Dana Whitfield',
    place: {
      line1: '600 Congress Avenue',
      city: 'Austin',
      region: 'TX',
      postalCode: '78701',
      phone: '+1 512 555 0131',
    },
  },
  {
    email: 'luis.ortega@example.com',
    name: 'Luis Ortega',
    place: {
      line1: '2 N Central Avenue',
      city: 'Phoenix',
      region: 'AZ',
      postalCode: '85004',
      phone: '+1 602 555 0177',
    },
  },
  {
    email: 'priya.raman@example.com',
    name: 'Priya Raman',
    place: {
      line1: '100 N Tryon Street',
      city: 'Charlotte',
      region: 'NC',
      postalCode: '28202',
      phone: '+1 704 555 0149',
    },
  },
  {
    email: 'owen.baker@example.com',
    name: 'Owen Baker',
    place: {
      line1: '225 W Wacker Drive',
      city: 'Chicago',
      region: 'IL',
      postalCode: '60606',
      phone: '+1 312 555 0102',
    },
  },
];

export interface DemoAccounts {
  users: UserRow[];
  accounts: AccountRow[];
  vars: UserVarRow[];
  members: CompanyMemberRow[];
  addresses: AddressRow[];
  /** The sandbox provider's side of the seeded cards (decision 0015). */
  sandboxCards: SandboxCardRow[];
  paymentMethods: PaymentMethodRow[];
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
      details: true,
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
      // Their flag holds by the rules too: a person buys elsewhere with the account they sell with.
      details: true,
      persona: DEFAULT_BUYER_PERSONA,
      companyId: s.id,
    })),
    {
      email: 'staff@example.com',
      name: 'Sam Patel',
      roles: ['staff', 'admin'],
      activated: true,
      // As `npm run create-staff` makes a staff user: activated, without the bidder's steps, so no badge.
      verified: false,
      persona: DEFAULT_BUYER_PERSONA,
    },
    // Last, so the ids of the accounts above stay as they were.
    ...BIDDERS.map(({ name, place }, i) => ({
      email: `bidder${i + 1}@example.com`,
      name,
      roles: [],
      activated: true,
      verified: true,
      details: true,
      persona: DEFAULT_BUYER_PERSONA,
      place,
    })),
    ...DEMO_BUYERS.map(({ email, name, place }) => ({
      email,
      name,
      roles: [],
      activated: true,
      verified: true,
      details: true,
      persona: DEFAULT_BUYER_PERSONA,
      place,
    })),
  ];
  const out: DemoAccounts = {
    users: [],
    accounts: [],
    vars: [],
    members: [],
    addresses: [],
    sandboxCards: [],
    paymentMethods: [],
  };
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
    // The demo seller users own their company (decision 0048): they may invite and remove members.
    if (p.companyId) out.members.push({ companyId: p.companyId, userId: id, role: 'owner', createdAt });
    if (p.details) addVerificationDetails(out, seed, i, id, p.name, p.place ?? HOUSTON, createdAt);
  });
  return out;
}

/**
 * A billing and a shipping address and a sandbox Visa ending 4242 (the
 * sandbox's test card), default, expiring in December five years after the
 * account was made: with activation, what spec §4 needs for `verified`.
 */
function addVerificationDetails(
  out: DemoAccounts,
  seed: number,
  i: number,
  userId: string,
  name: string,
  place: Place,
  at: Date,
) {
  const common = { name, line2: '', ...place, country: 'US' as const, createdAt: at, updatedAt: at };
  out.addresses.push({ id: makeId('adr', seed, i * 2), userId, type: 'billing', ...common });
  out.addresses.push({ id: makeId('adr', seed, i * 2 + 1), userId, type: 'shipping', ...common });
  const card = { brand: 'visa', last4: '4242', expMonth: 12, expYear: at.getUTCFullYear() + 5 };
  const cardId = makeId('pm_sbx', seed, i);
  out.sandboxCards.push({ id: cardId, ...card, holderName: name, createdAt: at });
  out.paymentMethods.push({
    id: makeId('pmt', seed, i),
    userId,
    provider: 'sandbox',
    providerPaymentMethodId: cardId,
    ...card,
    isDefault: true,
    createdAt: at,
  });
}
