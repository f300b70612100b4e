import {
  cmsSectionDraft,
  cmsSectionPatchBody,
  cmsSectionPreviewResponse,
  featuredSellersBody,
  featuredSellersResponse,
  staffCmsSectionParams,
  staffCmsSectionResponse,
  staffCmsSectionsResponse,
  staffTermsVersionResponse,
  staffTermsVersionsResponse,
  TERMS_CODES,
  termsVersionBody,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../lib/http/access';
import { POLICIES } from '../../lib/http/rate-limit';
import { noQuery, ok, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { errorResponse } from '../../lib/openapi';
import type { FeatureOverrides } from '../platform/get-feature-flags';
import { getStaffCmsSection, listStaffCmsSections, previewCmsSection, updateCmsSection } from './cms-sections';
import { getFeaturedSellers, setFeaturedSellers } from './featured-sellers';
import { listTermsVersions } from './list-terms-versions';
import { publishTerms } from './publish-terms';

/**
 * Staff content administration (decision 0084): the featured sellers, the
 * filler sections and home rows with a preview, and the Terms of Use versions.
 * Staff only; every change is in the audit log.
 */

const TAGS = ['staff'];
const BASE = '/marketplace-api/staff';
const staff = { session: 'required', role: 'staff', forbidden: 'Only Lotline staff can manage content.' } as const;
const write = access({ ...staff, rateLimit: POLICIES.accountWritesByUser });
const readErrors = { ...userReadErrors, 403: errorResponse('Not staff', ['FORBIDDEN']) };
const writeErrors = { ...userWriteErrors, 403: errorResponse('Not staff, or CSRF', ['FORBIDDEN']) };
const noSection = { 404: errorResponse('No such filler section', ['NOT_FOUND']) };

export const staffContentRoutes: FastifyPluginAsyncZod<{ db: Database; featureOverrides: FeatureOverrides }> = async (
  app,
  { db, featureOverrides },
) => {
  app.get(
    `${BASE}/featured-sellers`,
    {
      config: access(staff),
      schema: {
        tags: TAGS,
        summary: 'Staff: the featured sellers, in order',
        description: 'Suspended companies are listed with their status; the home page leaves them out.',
        querystring: noQuery,
        response: { 200: ok(featuredSellersResponse, 'The featured sellers'), ...readErrors },
      },
    },
    async () => ({ status: 'success' as const, data: { companies: await getFeaturedSellers(db) } }),
  );

  app.put(
    `${BASE}/featured-sellers`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'Staff: set the featured sellers and their order',
        description:
          'Exactly six distinct, existing, active companies (400 otherwise, nothing changed). The home page shows them at once. Audited as `content.featured-sellers` with the lists before and after.',
        querystring: noQuery,
        body: featuredSellersBody,
        response: { 200: ok(featuredSellersResponse, 'The featured sellers now'), ...writeErrors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { companies: await setFeaturedSellers(db, request.user.id, request.body.companyIds) },
    }),
  );

  app.get(
    `${BASE}/cms-sections`,
    {
      config: access(staff),
      schema: {
        tags: TAGS,
        summary: 'Staff: the filler sections and home rows',
        description: 'Every filler section (popular, sold, catalog, trending), shown or not, by position.',
        querystring: noQuery,
        response: { 200: ok(staffCmsSectionsResponse, 'The sections'), ...readErrors },
      },
    },
    async () => ({ status: 'success' as const, data: { sections: await listStaffCmsSections(db) } }),
  );

  app.get(
    `${BASE}/cms-sections/:sectionId`,
    {
      config: access(staff),
      schema: {
        tags: TAGS,
        summary: 'Staff: one filler section',
        params: staffCmsSectionParams,
        querystring: noQuery,
        response: { 200: ok(staffCmsSectionResponse, 'The section'), ...readErrors, ...noSection },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { section: await getStaffCmsSection(db, request.params.sectionId) },
    }),
  );

  app.patch(
    `${BASE}/cms-sections/:sectionId`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'Staff: edit a filler section',
        description:
          '`label` (the title), `text`, `seeMoreUrl` (a path on this site or an http(s) address; null: none), `lotIds` / `catalogProductIds` (what the row shows, in order; empty: the type chooses), `position`, `active` (shown on the browse pages), `onHome` (also a home-page row). The pages follow at once. Audited as `content.section` with the section before and after.',
        params: staffCmsSectionParams,
        querystring: noQuery,
        body: cmsSectionPatchBody,
        response: { 200: ok(staffCmsSectionResponse, 'The section now'), ...writeErrors, ...noSection },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { section: await updateCmsSection(db, request.user.id, request.params.sectionId, request.body) },
    }),
  );

  app.post(
    `${BASE}/cms-sections/:sectionId/preview`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'Staff: the section as the pages would show it with these changes, saving nothing',
        description: 'The same fill as the home and browse pages; a draft with no cards answers an empty row.',
        params: staffCmsSectionParams,
        querystring: noQuery,
        body: cmsSectionDraft,
        response: { 200: ok(cmsSectionPreviewResponse, 'The rendered row'), ...writeErrors, ...noSection },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { section: await previewCmsSection(db, request.params.sectionId, request.body, featureOverrides) },
    }),
  );

  app.get(
    `${BASE}/terms-versions`,
    {
      config: access(staff),
      schema: {
        tags: TAGS,
        summary: 'Staff: every version of the Terms of Use, newest first',
        querystring: noQuery,
        response: { 200: ok(staffTermsVersionsResponse, 'The versions'), ...readErrors },
      },
    },
    async () => ({ status: 'success' as const, data: { versions: await listTermsVersions(db) } }),
  );

  app.post(
    `${BASE}/terms-versions`,
    {
      config: write,
      schema: {
        tags: TAGS,
        summary: 'Staff: publish the next version of the Terms of Use',
        description: `Markdown (raw HTML is shown as text). \`basedOn\`: the version in force when editing began; another answers 409 \`${TERMS_CODES.stale}\`. Every bidder must agree again before bidding or registering. Audited as \`content.terms\`.`,
        querystring: noQuery,
        body: termsVersionBody,
        response: {
          201: ok(staffTermsVersionResponse, 'The version published'),
          ...writeErrors,
          409: errorResponse('A newer version is in force', [TERMS_CODES.stale]),
        },
      },
    },
    async (request, reply) => {
      const version = await publishTerms(db, request.user.id, request.body);
      return reply.code(201).send({ status: 'success' as const, data: { version } });
    },
  );
};
