/** Words and sentence templates for event names, titles and descriptions. */
import type { PhotoKind } from '../photos';

export type SaleFormat = 'auction' | 'buy-now' | 'tender';

/** What a seller's site is called, per dominant top-level category. */
export const THEMES: Record<PhotoKind, { site: string; assets: string }> = {
  'machine-tools': { site: 'CNC Machine Shop', assets: 'CNC machining centers, lathes and tool-room equipment' },
  'metal-fabrication': { site: 'Fabrication Plant', assets: 'press brakes, fiber lasers and welding equipment' },
  'material-handling': { site: 'Distribution Center', assets: 'forklifts, reach trucks, pallet jacks and racking' },
  vehicles: { site: 'Fleet Yard', assets: 'box trucks, pickups, tractors and trailers' },
  construction: { site: 'Equipment Yard', assets: 'excavators, loaders, skid steers and aerial lifts' },
  lab: { site: 'Laboratory', assets: 'HPLC, GC and LC-MS systems, centrifuges and biosafety cabinets' },
  process: { site: 'Process Plant', assets: 'stainless tanks, pumps, heat exchangers and compressors' },
  electrical: { site: 'Power Generation Facility', assets: 'generators, transformers, switchgear and drives' },
  packaging: { site: 'Packaging Plant', assets: 'fillers, labelers, case packers and conveyors' },
  'food-processing': {
    site: 'Food Processing Plant',
    assets: 'mixers, slicers, ovens and food-grade processing equipment',
  },
  'it-office': { site: 'Data Center', assets: 'servers, networking gear, laptops and office furniture' },
  'tools-surplus': { site: 'Distribution Warehouse', assets: 'power tools, tool storage and MRO inventory' },
};

export const EVENT_KINDS: Record<SaleFormat, readonly string[]> = {
  auction: [
    'Plant Closure Auction',
    'Surplus Auction',
    'Online Auction',
    'Liquidation Auction',
    'Consignment Auction',
    'Bankruptcy Auction',
  ],
  'buy-now': ['Buy Now Sale', 'Fixed-Price Sale', 'Inventory Reduction Sale'],
  tender: ['Sealed Tender', 'Tender Sale', 'Sealed Bid Sale'],
};

export const TITLE_TEMPLATES: readonly string[] = [
  'Complete Closure of a {size} sq ft {site} in {city}, {region}',
  'Late-Model {assets} Surplus to {seller}',
  'Assets of {seller}: {assets}',
  'Surplus to the Ongoing Operations of {seller} ({city}, {region})',
  'Court-Ordered Sale: {site} Assets, {city}',
  'Equipment Upgrade: {assets} released by {seller}',
];

export const DESCRIPTION_TEMPLATES: readonly string[] = [
  '{seller} is offering {assets} from its {city}, {region} facility. Most equipment was under power until recently and was maintained on a documented preventive schedule.',
  'Following the consolidation of its operations, {seller} is selling the {city} {site}. Assets include {assets}, many less than ten years old.',
  'This sale features {assets} released by {seller} after a production line upgrade. Serial numbers, hour meters and maintenance logs are shown in the photos where available.',
];

export const FORMAT_SENTENCES: Record<SaleFormat, readonly string[]> = {
  auction: [
    'Lots close in sequence; a bid placed in the last two minutes extends that lot by two minutes.',
    "This is a timed online auction with soft close. A buyer's premium applies to every lot.",
  ],
  'buy-now': [
    'Every item is available at a fixed price; items marked Best Offer accept offers reviewed by the seller.',
    'Buy now for immediate purchase. Quantities are limited and items are sold first come, first served.',
  ],
  tender: [
    'Sealed tenders are opened after the closing time. The seller may accept or reject any tender and is not bound to accept the highest.',
    'Submit one sealed bid per lot before the deadline. Tenders are confidential and are not shown to other bidders.',
  ],
};

export const INSPECTION_SENTENCES: readonly string[] = [
  'Inspection is by appointment during the preview week; closed-toe shoes and safety glasses are required on site.',
  'Preview in person on the Tuesday before closing, 9 am to 3 pm local time, or request a video walk-through.',
  'Inspection is strongly encouraged. Descriptions are provided in good faith but all items are sold as is, where is.',
];

export const PRIVATE_SALE_SENTENCE =
  'This is a private sale: only invited and approved bidders can view the lots and take part.';
