/** Leaf profiles for laboratory and process equipment. */
import type { LeafProfile } from './profile';

const LAB = ['crates', 'boxes', 'pallets'] as const;
const PLANT = ['crates', 'loose', 'pallets', 'pieces'] as const;

export const PROCESS_PROFILES: Record<string, LeafProfile> = {
  hplc: {
    price: [6_000, 75_000],
    year: 0.35,
    heavy: false,
    packaging: LAB,
    suffixes: ['with Autosampler', 'with DAD Detector', 'with ChemStation Software', 'with Column Compartment'],
    models: [
      ['Agilent', '1260 Infinity II', 'HPLC System', 2015, 2022],
      ['Waters', 'Alliance e2695', 'HPLC Separations Module', 2012, 2021],
      ['Thermo Fisher', 'Vanquish Flex', 'UHPLC System', 2016, 2022],
      ['Shimadzu', 'Nexera-i LC-2040C', 'Integrated HPLC', 2015, 2021],
    ],
  },
  'gas-chromatographs': {
    price: [5_000, 60_000],
    year: 0.35,
    heavy: false,
    packaging: LAB,
    suffixes: ['with FID Detector', 'with Headspace Sampler', 'with 7693A Autosampler'],
    models: [
      ['Agilent', '7890B', 'Gas Chromatograph', 2013, 2021],
      ['Shimadzu', 'GC-2030 Nexis', 'Gas Chromatograph', 2017, 2022],
      ['Thermo Fisher', 'TRACE 1310', 'Gas Chromatograph', 2013, 2021],
    ],
  },
  'mass-spectrometers': {
    price: [25_000, 280_000],
    year: 0.35,
    heavy: false,
    packaging: ['crates'],
    suffixes: ['with Turbo Pump', 'with ESI Source', 'with Nitrogen Generator'],
    models: [
      ['Sciex', 'Triple Quad 5500', 'LC-MS/MS System', 2011, 2019],
      ['Agilent', '6470', 'Triple Quadrupole LC/MS', 2016, 2022],
      ['Thermo Fisher', 'Q Exactive Plus', 'Orbitrap Mass Spectrometer', 2014, 2021],
    ],
  },
  centrifuges: {
    price: [1_500, 38_000],
    year: 0.3,
    heavy: false,
    packaging: LAB,
    suffixes: ['with Swing-Bucket Rotor', 'with Fixed-Angle Rotor', 'with Adapters'],
    models: [
      ['Beckman Coulter', 'Avanti J-26 XP', 'High-Speed Centrifuge', 2008, 2019],
      ['Eppendorf', '5810 R', 'Refrigerated Benchtop Centrifuge', 2012, 2022],
      ['Thermo Fisher', 'Sorvall Legend XTR', 'Benchtop Centrifuge', 2013, 2022],
    ],
  },
  'balances-scales': {
    price: [300, 9_000],
    year: 0.1,
    heavy: false,
    packaging: ['boxes', 'cases'],
    bulk: true,
    suffixes: ['with Calibration Certificate', 'with Printer', 'NTEP Approved'],
    models: [
      ['Mettler Toledo', 'XPE205', 'Analytical Balance', 2012, 2021],
      ['Sartorius', 'Quintix 224-1S', 'Analytical Balance', 2014, 2022],
      ['Mettler Toledo', 'IND570', 'Floor Scale with Indicator', 2013, 2022],
    ],
  },
  'biosafety-cabinets': {
    price: [2_000, 16_000],
    year: 0.4,
    heavy: false,
    packaging: ['crates'],
    suffixes: ["6' Width", "4' Width", 'with Stand'],
    models: [
      ['Labconco', 'Logic+ A2', 'Class II Biosafety Cabinet', 2012, 2022],
      ['NuAire', 'LabGard NU-540', 'Class II Biosafety Cabinet', 2010, 2021],
      ['Thermo Fisher', '1300 Series A2', 'Biological Safety Cabinet', 2011, 2022],
    ],
  },
  'tanks-vessels': {
    price: [2_500, 140_000],
    year: 0.5,
    heavy: true,
    packaging: ['loose', 'pieces'],
    suffixes: ['316L Stainless', 'with Agitator', 'ASME Rated', 'with Sight Glass'],
    models: [
      ['Paul Mueller', 'Model F', '3,000 Gallon Stainless Steel Tank', 1995, 2018],
      ['Paul Mueller', 'DHT', '1,000 Gallon Jacketed Processor', 2000, 2019],
      ['Walker Stainless', 'Silo', '6,000 Gallon Storage Silo', 1998, 2015],
      ['Feldmeier', 'Reactor', '500 Gallon Jacketed Reactor', 2005, 2020],
    ],
  },
  'centrifugal-pumps': {
    price: [800, 28_000],
    year: 0.4,
    heavy: false,
    packaging: ['pallets', 'crates'],
    suffixes: ['with 20 HP Motor', 'Stainless Steel', 'with VFD'],
    models: [
      ['Grundfos', 'CR 32-4', 'Vertical Multistage Pump', 2012, 2022],
      ['Goulds', '3196 MTi', 'ANSI Process Pump', 2008, 2021],
      ['Alfa Laval', 'LKH-20', 'Sanitary Centrifugal Pump', 2011, 2022],
    ],
  },
  'diaphragm-pumps': {
    price: [600, 7_500],
    year: 0.2,
    heavy: false,
    packaging: ['boxes', 'pallets'],
    bulk: true,
    suffixes: ['2" Aluminum', '1" Polypropylene', 'Stainless Steel'],
    models: [
      ['Wilden', 'PS8', 'Air-Operated Double Diaphragm Pump', 2012, 2022],
      ['Graco', 'Husky 1050', 'Air-Operated Diaphragm Pump', 2013, 2022],
    ],
  },
  'heat-exchangers': {
    price: [3_000, 85_000],
    year: 0.4,
    heavy: true,
    packaging: PLANT,
    suffixes: ['Stainless Plates', 'ASME Rated', '250 sq ft'],
    models: [
      ['Alfa Laval', 'M10-BFG', 'Plate Heat Exchanger', 2008, 2021],
      ['Alfa Laval', 'T20-MFM', 'Gasketed Plate Heat Exchanger', 2010, 2022],
      ['API Heat Transfer', 'Basco Type 500', 'Shell and Tube Heat Exchanger', 2002, 2018],
    ],
  },
  'rotary-screw-compressors': {
    price: [4_000, 65_000],
    year: 0.7,
    heavy: true,
    packaging: ['loose', 'pallets'],
    suffixes: ['with Dryer', 'Variable Speed', 'Tank-Mounted'],
    models: [
      ['Atlas Copco', 'GA 37 VSD+', '50 HP Rotary Screw Air Compressor', 2014, 2022],
      ['Ingersoll Rand', 'R55n', '75 HP Rotary Screw Air Compressor', 2012, 2021],
      ['Kaeser', 'SM 15', '15 HP Rotary Screw Compressor', 2013, 2022],
      ['Quincy', 'QGS 20', '20 HP Rotary Screw Compressor', 2015, 2022],
    ],
  },
  'reciprocating-compressors': {
    price: [900, 9_000],
    year: 0.5,
    heavy: false,
    packaging: ['pallets', 'crates'],
    bulk: true,
    suffixes: ['80 Gallon Tank', '120 Gallon Tank', '230V Single-Phase'],
    models: [
      ['Quincy', 'QT-7.5', '7.5 HP Two-Stage Air Compressor', 2010, 2022],
      ['Ingersoll Rand', '2475N7.5', '7.5 HP Reciprocating Air Compressor', 2008, 2021],
    ],
  },
};
