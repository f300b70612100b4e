/** Leaf profiles for machine tools and metal fabrication. */
import type { LeafProfile } from './profile';

const METAL = ['crates', 'loose', 'pieces'] as const;

export const METALWORKING_PROFILES: Record<string, LeafProfile> = {
  'cnc-lathes': {
    price: [18_000, 260_000],
    year: 0.9,
    heavy: true,
    packaging: METAL,
    suffixes: ['with Bar Feeder', 'with Live Tooling', 'with Tailstock', 'with Parts Catcher', '10" Chuck'],
    models: [
      ['Haas', 'ST-20Y', 'CNC Turning Center', 2012, 2022],
      ['Mazak', 'Quick Turn 250MSY', 'CNC Turning Center', 2008, 2021],
      ['Okuma', 'LB3000 EX II', 'CNC Lathe', 2010, 2022],
      ['DMG Mori', 'NLX 2500/700', 'CNC Turning Center', 2011, 2021],
      ['Doosan', 'Puma 2600SY', 'CNC Turning Center', 2009, 2020],
    ],
  },
  'manual-lathes': {
    price: [2_500, 28_000],
    year: 0.6,
    heavy: true,
    packaging: METAL,
    suffixes: ['with DRO', 'with Steady Rest', 'with 3-Jaw and 4-Jaw Chucks', 'with Taper Attachment'],
    models: [
      ['Clausing', 'Colchester 8000', '15" x 50" Engine Lathe', 1985, 2005],
      ['South Bend', 'SB1013', '13" x 40" Toolroom Lathe', 2008, 2019],
      ['Hardinge', 'HLV-H', 'Super-Precision Toolroom Lathe', 1975, 1995],
    ],
  },
  'vertical-machining-centers': {
    price: [25_000, 320_000],
    year: 0.9,
    heavy: true,
    packaging: METAL,
    suffixes: [
      'with 4th Axis Rotary Table',
      'with Through-Spindle Coolant',
      'with 24-Station ATC',
      '12,000 RPM Spindle',
    ],
    models: [
      ['Haas', 'VF-2SS', 'CNC Vertical Machining Center', 2010, 2022],
      ['Haas', 'VF-4', 'CNC Vertical Machining Center', 2008, 2021],
      ['Mazak', 'VCN-530C', 'CNC Vertical Machining Center', 2009, 2021],
      ['DMG Mori', 'CMX 1100 V', 'CNC Vertical Machining Center', 2014, 2022],
      ['Okuma', 'Genos M560-V', 'CNC Vertical Machining Center', 2012, 2022],
    ],
  },
  'horizontal-machining-centers': {
    price: [60_000, 480_000],
    year: 0.9,
    heavy: true,
    packaging: METAL,
    suffixes: ['with 2-Pallet Changer', 'with 120-Tool Magazine', 'with Probing', 'with Chip Conveyor'],
    models: [
      ['Makino', 'a61nx', 'CNC Horizontal Machining Center', 2011, 2021],
      ['Mazak', 'HCN-5000', 'CNC Horizontal Machining Center', 2010, 2020],
      ['Kitamura', 'Mycenter HX500iG', 'CNC Horizontal Machining Center', 2013, 2021],
    ],
  },
  grinders: {
    price: [4_000, 140_000],
    year: 0.7,
    heavy: true,
    packaging: METAL,
    suffixes: ['with Magnetic Chuck', 'with Coolant System', 'with Auto Downfeed'],
    models: [
      ['Okamoto', 'ACC-818NC', '8" x 18" Surface Grinder', 2005, 2019],
      ['Chevalier', 'FSG-1224AD', 'Automatic Surface Grinder', 2006, 2020],
      ['Studer', 'S33', 'CNC Cylindrical Grinder', 2010, 2021],
    ],
  },
  'edm-machines': {
    price: [15_000, 180_000],
    year: 0.85,
    heavy: true,
    packaging: ['crates', 'loose'],
    suffixes: ['with Auto Wire Threading', 'with Chiller', 'with Submerged Machining'],
    models: [
      ['Sodick', 'AG600L', 'CNC Wire EDM', 2010, 2021],
      ['Mitsubishi Electric', 'MV2400S', 'CNC Wire EDM', 2012, 2022],
      ['Makino', 'EDAF3', 'Sinker EDM', 2008, 2019],
    ],
  },
  'press-brakes': {
    price: [12_000, 240_000],
    year: 0.85,
    heavy: true,
    packaging: ['loose', 'pieces'],
    suffixes: ['with CNC Backgauge', 'with Tooling Package', 'with Light Curtain'],
    models: [
      ['Amada', 'HG-1303', "143-Ton x 10' CNC Press Brake", 2012, 2021],
      ['Trumpf', 'TruBend 5130', '143-Ton CNC Press Brake', 2013, 2022],
      ['Accurpress', '717512', "175-Ton x 12' Hydraulic Press Brake", 2005, 2018],
      ['Cincinnati', '135CB', "135-Ton x 10' Press Brake", 1998, 2014],
    ],
  },
  'laser-cutting-systems': {
    price: [60_000, 650_000],
    year: 0.9,
    heavy: true,
    packaging: ['crates', 'loose'],
    suffixes: ['with Shuttle Table', 'with Load/Unload Automation', "5' x 10' Bed"],
    models: [
      ['Trumpf', 'TruLaser 3030 fiber', '6 kW Fiber Laser Cutting System', 2014, 2022],
      ['Amada', 'ENSIS 3015 AJ', '9 kW Fiber Laser', 2016, 2022],
      ['Bystronic', 'ByStar Fiber 3015', '10 kW Fiber Laser', 2015, 2022],
    ],
  },
  'mig-welders': {
    price: [600, 9_000],
    year: 0.3,
    heavy: false,
    packaging: ['pallets', 'boxes', 'pieces'],
    bulk: true,
    suffixes: ['with Wire Feeder', 'with Cart and Cables', 'with MIG Gun'],
    models: [
      ['Lincoln Electric', 'Power MIG 350MP', 'Multi-Process MIG Welder', 2012, 2022],
      ['Miller', 'Millermatic 355', 'MIG Welder', 2016, 2023],
      ['Miller', 'Invision 352 MPa', 'Multiprocess Welding Power Source', 2010, 2020],
    ],
  },
  'tig-welders': {
    price: [900, 8_000],
    year: 0.3,
    heavy: false,
    packaging: ['pallets', 'boxes'],
    bulk: true,
    suffixes: ['with Water Cooler', 'with Foot Pedal', 'with TIG Torch'],
    models: [
      ['Miller', 'Dynasty 400', 'AC/DC TIG Welder', 2011, 2022],
      ['Lincoln Electric', 'Aspect 375', 'AC/DC TIG Welder', 2014, 2022],
      ['ESAB', 'Rebel EMP 215ic', 'Multi-Process Welder', 2016, 2023],
    ],
  },
  'plasma-cutters': {
    price: [800, 45_000],
    year: 0.4,
    heavy: false,
    packaging: ['boxes', 'pallets', 'crates'],
    suffixes: ['with Torch and Leads', 'with CNC Interface'],
    models: [
      ['Hypertherm', 'Powermax 85', 'Air Plasma Cutter', 2012, 2022],
      ['Hypertherm', 'XPR300', 'CNC Plasma Power Supply', 2017, 2023],
      ['ESAB', 'Cutmaster 60i', 'Plasma Cutter', 2016, 2022],
    ],
  },
  ironworkers: {
    price: [6_000, 55_000],
    year: 0.7,
    heavy: true,
    packaging: ['loose', 'pieces'],
    suffixes: ['with Punch and Die Set', 'with Notcher', 'with Back Gauge'],
    models: [
      ['Piranha', 'P-65', '65-Ton Ironworker', 2000, 2018],
      ['Scotchman', '9012-24M', '90-Ton Ironworker', 2005, 2020],
    ],
  },
};
