/**
 * The demo category tree: 12 top-level categories whose slugs are exactly the
 * photo kinds of ../photos.ts (so photoKindForCategory maps them one to one),
 * then two more levels. Lots are only ever placed in active, regular leaves.
 */
import type { PhotoKind } from '../photos';

export interface CategoryNode {
  name: string;
  slug: string;
  status?: 'inactive';
  type?: 'market-intelligence';
  children?: CategoryNode[];
}

export interface TopCategory extends CategoryNode {
  slug: PhotoKind;
}

const c = (name: string, slug: string, children?: CategoryNode[]): CategoryNode =>
  children ? { name, slug, children } : { name, slug };

export const CATEGORY_TREE: TopCategory[] = [
  {
    name: 'Machine Tools',
    slug: 'machine-tools',
    children: [
      c('Lathes', 'lathes', [c('CNC Lathes', 'cnc-lathes'), c('Manual Lathes', 'manual-lathes')]),
      c('Machining Centers', 'machining-centers', [
        c('Vertical Machining Centers', 'vertical-machining-centers'),
        c('Horizontal Machining Centers', 'horizontal-machining-centers'),
      ]),
      c('Grinders', 'grinders'),
      c('EDM Machines', 'edm-machines'),
      { name: 'Machine Tool Market Insights', slug: 'machine-tool-market-insights', type: 'market-intelligence' },
    ],
  },
  {
    name: 'Metal Fabrication',
    slug: 'metal-fabrication',
    children: [
      c('Press Brakes', 'press-brakes'),
      c('Laser Cutting Systems', 'laser-cutting-systems'),
      c('Welding Equipment', 'welding-equipment', [
        c('MIG Welders', 'mig-welders'),
        c('TIG Welders', 'tig-welders'),
        c('Plasma Cutters', 'plasma-cutters'),
      ]),
      c('Ironworkers', 'ironworkers'),
    ],
  },
  {
    name: 'Material Handling',
    slug: 'material-handling',
    children: [
      c('Forklifts', 'forklifts', [c('Electric Forklifts', 'electric-forklifts'), c('LPG Forklifts', 'lpg-forklifts')]),
      c('Pallet Jacks', 'pallet-jacks'),
      c('Reach Trucks & Order Pickers', 'reach-trucks'),
      c('Pallet Racking', 'pallet-racking'),
    ],
  },
  {
    name: 'Vehicles & Trucks',
    slug: 'vehicles',
    children: [
      c('Trucks', 'trucks', [
        c('Box Trucks', 'box-trucks'),
        c('Pickup Trucks', 'pickup-trucks'),
        c('Semi Tractors', 'semi-tractors'),
      ]),
      c('Trailers', 'trailers'),
      c('Utility Vehicles', 'utility-vehicles'),
    ],
  },
  {
    name: 'Construction Equipment',
    slug: 'construction',
    children: [
      c('Excavators', 'excavators'),
      c('Wheel Loaders', 'wheel-loaders'),
      c('Skid Steer Loaders', 'skid-steer-loaders'),
      c('Aerial Work Platforms', 'aerial-work-platforms', [
        c('Boom Lifts', 'boom-lifts'),
        c('Scissor Lifts', 'scissor-lifts'),
      ]),
    ],
  },
  {
    name: 'Laboratory Equipment',
    slug: 'lab',
    children: [
      c('Analytical Instruments', 'analytical-instruments', [
        c('HPLC', 'hplc'),
        c('Gas Chromatographs', 'gas-chromatographs'),
        c('Mass Spectrometers', 'mass-spectrometers'),
      ]),
      c('Centrifuges', 'centrifuges'),
      c('Balances & Scales', 'balances-scales'),
      c('Biosafety Cabinets', 'biosafety-cabinets'),
    ],
  },
  {
    name: 'Process Equipment',
    slug: 'process',
    children: [
      c('Tanks & Vessels', 'tanks-vessels'),
      c('Pumps', 'pumps', [c('Centrifugal Pumps', 'centrifugal-pumps'), c('Diaphragm Pumps', 'diaphragm-pumps')]),
      c('Heat Exchangers', 'heat-exchangers'),
      c('Air Compressors', 'air-compressors', [
        c('Rotary Screw Compressors', 'rotary-screw-compressors'),
        c('Reciprocating Compressors', 'reciprocating-compressors'),
      ]),
    ],
  },
  {
    name: 'Electrical & Power',
    slug: 'electrical',
    children: [
      c('Generators', 'generators', [
        c('Diesel Generators', 'diesel-generators'),
        c('Natural Gas Generators', 'natural-gas-generators'),
      ]),
      c('Transformers', 'transformers'),
      c('Switchgear', 'switchgear'),
      c('PLCs & Drives', 'plcs-drives'),
    ],
  },
  {
    name: 'Packaging',
    slug: 'packaging',
    children: [
      c('Filling Machines', 'filling-machines'),
      c('Labelers', 'labelers'),
      c('Case Packers & Palletizers', 'case-packers'),
      c('Conveyors', 'conveyors'),
    ],
  },
  {
    name: 'Food Processing',
    slug: 'food-processing',
    children: [
      c('Mixers & Blenders', 'mixers-blenders'),
      c('Slicers', 'slicers'),
      c('Commercial Ovens', 'commercial-ovens'),
      { name: 'Refrigeration', slug: 'refrigeration', status: 'inactive' },
    ],
  },
  {
    name: 'IT & Office',
    slug: 'it-office',
    children: [
      c('Servers & Networking', 'servers-networking'),
      c('Computers & Laptops', 'computers-laptops'),
      { name: 'Printers & Copiers', slug: 'printers-copiers', status: 'inactive' },
      c('Office Furniture', 'office-furniture'),
    ],
  },
  {
    name: 'Tools & Surplus',
    slug: 'tools-surplus',
    children: [
      c('Hand & Power Tools', 'hand-power-tools'),
      c('Tool Storage', 'tool-storage'),
      c('MRO Surplus', 'mro-surplus'),
    ],
  },
];
