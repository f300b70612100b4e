/** Leaf profiles for electrical and power equipment. */
import type { LeafProfile } from './profile';

export const ELECTRICAL_PROFILES: Record<string, LeafProfile> = {
  'diesel-generators': {
    price: [6_000, 180_000],
    year: 0.85,
    heavy: true,
    packaging: ['loose'],
    suffixes: ['Sound-Attenuated Enclosure', 'Trailer-Mounted', 'with Automatic Transfer Switch', 'Low Hours'],
    models: [
      ['Caterpillar', 'XQ230', '200 kW Diesel Generator', 2010, 2021],
      ['Cummins', 'C150 D6', '150 kW Diesel Generator', 2012, 2022],
      ['Generac', 'SD500', '500 kW Diesel Generator', 2011, 2021],
      ['Kohler', '100REOZJF', '100 kW Diesel Generator', 2009, 2020],
    ],
  },
  'natural-gas-generators': {
    price: [5_000, 120_000],
    year: 0.85,
    heavy: true,
    packaging: ['loose'],
    suffixes: ['Weather Enclosure', 'with Transfer Switch', 'Standby Rated'],
    models: [
      ['Generac', 'SG150', '150 kW Natural Gas Generator', 2012, 2022],
      ['Kohler', '60RCL', '60 kW Natural Gas Generator', 2011, 2021],
    ],
  },
  transformers: {
    price: [1_500, 95_000],
    year: 0.4,
    heavy: true,
    packaging: ['loose', 'pallets'],
    suffixes: ['480V Primary', '13.2 kV Primary', 'Copper Windings', 'Aluminum Windings'],
    models: [
      ['Eaton', 'V48M28T75EE', '75 kVA Dry-Type Transformer', 2008, 2021],
      ['ABB', 'RESIBLOC', '1,500 kVA Cast Resin Transformer', 2006, 2019],
      ['Siemens', 'Padmount', '2,500 kVA Pad-Mounted Transformer', 2004, 2018],
    ],
  },
  switchgear: {
    price: [3_000, 140_000],
    year: 0.4,
    heavy: true,
    packaging: ['crates', 'loose'],
    suffixes: ['4,000 A Main Breaker', '480/277V', 'Draw-Out Breakers'],
    models: [
      ['Square D', 'QED-2', '3,000 A Switchboard', 2005, 2020],
      ['Eaton', 'Magnum DS', 'Low-Voltage Switchgear Lineup', 2006, 2021],
      ['Siemens', 'WL', 'Low-Voltage Switchgear', 2008, 2021],
    ],
  },
  'plcs-drives': {
    price: [200, 12_000],
    year: 0,
    heavy: false,
    packaging: ['boxes', 'cases'],
    bulk: true,
    suffixes: ['New in Box', 'Surplus', 'with I/O Modules'],
    models: [
      ['Allen-Bradley', 'ControlLogix 1756-L73', 'PLC Controller', 2012, 2022],
      ['Allen-Bradley', 'PowerFlex 755', '100 HP Variable Frequency Drive', 2011, 2022],
      ['Siemens', 'SIMATIC S7-1500', 'PLC CPU', 2014, 2023],
      ['ABB', 'ACS880', '75 HP Variable Frequency Drive', 2014, 2023],
    ],
  },
};
