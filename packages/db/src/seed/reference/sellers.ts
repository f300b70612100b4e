/**
 * Thirty demo sellers: liquidators, auctioneers and manufacturers selling
 * their own surplus. The first six are the featured sellers, in order.
 * `focus` lists the top-level category slugs their events mostly hold.
 */
import { type SellerSpec, s } from './seller-spec';
import { MORE_SELLERS } from './sellers-more';

export type { SellerSpec } from './seller-spec';

export const SELLERS: readonly SellerSpec[] = [
  s(
    'Midwest Industrial Liquidators, LLC',
    'Midwest Industrial',
    'Chicago',
    'IL',
    ['machine-tools', 'metal-fabrication', 'material-handling'],
    'Plant closures and fleet dispositions across the Great Lakes region since 1987. Every lot is inspected and photographed by our own staff.',
  ),
  s(
    'Gulf Coast Asset Recovery Inc.',
    'Gulf Coast Asset Recovery',
    'Houston',
    'TX',
    ['process', 'electrical', 'construction'],
    'Refinery, petrochemical and energy-sector surplus. We handle rigging, loading and export paperwork from our Houston yard.',
  ),
  s(
    'Northern Lab Exchange Ltd.',
    'Northern Lab Exchange',
    'Toronto',
    'ON',
    ['lab'],
    'Certified pre-owned analytical and life-science instruments from Canadian pharma and university labs, tested before listing.',
  ),
  s(
    'Pacific Fleet Remarketing',
    null,
    'Seattle',
    'WA',
    ['vehicles', 'material-handling'],
    'Remarketing of corporate and municipal fleets: trucks, trailers, forklifts and utility vehicles with full maintenance records.',
  ),
  s(
    'Keystone Machinery Auctions',
    null,
    'Pittsburgh',
    'PA',
    ['machine-tools', 'metal-fabrication'],
    'Third-generation machinery auctioneers specialising in CNC machining, fabrication and tool-room equipment.',
  ),
  s(
    'Prairie Heavy Equipment Sales Corp.',
    'Prairie Heavy Equipment',
    'Calgary',
    'AB',
    ['construction', 'vehicles'],
    'Construction, oilfield and agricultural iron from across Western Canada, sold by timed auction every month.',
  ),
  s(
    'Lakeshore Precision Components, Inc.',
    'Lakeshore Precision',
    'Grand Rapids',
    'MI',
    ['machine-tools'],
    'Tier-one automotive supplier selling surplus machining cells as production lines are retooled.',
  ),
  s(
    'Apex Surplus Solutions',
    null,
    'Atlanta',
    'GA',
    ['tools-surplus', 'it-office', 'material-handling'],
    'Warehouse and distribution-centre liquidations: racking, conveyors, tools, IT and office contents.',
  ),
  s(
    'BioPharma Asset Services',
    null,
    'Boston',
    'MA',
    ['lab', 'process'],
    'Decommissioning and resale of biotech and pharmaceutical laboratories and pilot plants in the Northeast corridor.',
  ),
  s(
    'Rocky Mountain Equipment Exchange',
    null,
    'Denver',
    'CO',
    ['construction', 'electrical'],
    'Heavy equipment, generators and power distribution gear from mining and infrastructure projects.',
  ),
  s(
    'Great Lakes Food Equipment Co.',
    'Great Lakes Food Equipment',
    'Milwaukee',
    'WI',
    ['food-processing', 'packaging'],
    'Dairy, bakery and meat-processing equipment from plant consolidations throughout the Midwest.',
  ),
  s(
    'Carolina Packaging Machinery',
    null,
    'Charlotte',
    'NC',
    ['packaging', 'food-processing'],
    'Filling, capping, labelling and end-of-line packaging equipment, much of it still under power for inspection.',
  ),
  s(
    'St. Lawrence Industrial Sales Inc.',
    'St. Lawrence Industrial',
    'Montreal',
    'QC',
    ['process', 'packaging', 'machine-tools'],
    'Quebec-based liquidator of pulp, paper and manufacturing assets. Listings in English; French support available.',
  ),
  s(
    'Desert Southwest Surplus',
    null,
    'Phoenix',
    'AZ',
    ['it-office', 'electrical', 'tools-surplus'],
    'Semiconductor fab and data-centre surplus: servers, networking, UPS systems and electrical distribution.',
  ),
  s(
    'Ohio Valley Fabrication Works',
    null,
    'Cincinnati',
    'OH',
    ['metal-fabrication'],
    'Structural steel fabricator selling press brakes, lasers and welding equipment as it upgrades its shop floor.',
  ),
  ...MORE_SELLERS,
];

export const FEATURED_SELLER_COUNT = 6;
