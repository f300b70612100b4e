/** Leaf profiles for material handling, vehicles and construction equipment. */
import type { LeafProfile } from './profile';

const ROLLING = ['loose', 'pieces'] as const;

export const MOBILE_PROFILES: Record<string, LeafProfile> = {
  'electric-forklifts': {
    price: [6_000, 42_000],
    year: 0.95,
    heavy: false,
    packaging: ROLLING,
    suffixes: ['with Side Shift', 'with Triple-Stage Mast', 'with Charger', '48V Battery'],
    models: [
      ['Toyota', '8FBCU25', '5,000 lb Electric Forklift', 2012, 2022],
      ['Crown', 'SC 5340', '4,000 lb Electric Forklift', 2014, 2022],
      ['Hyster', 'E50XN', '5,000 lb Electric Forklift', 2010, 2021],
      ['Yale', 'ERP050VT', '5,000 lb Electric Forklift', 2011, 2021],
    ],
  },
  'lpg-forklifts': {
    price: [7_000, 38_000],
    year: 0.95,
    heavy: false,
    packaging: ROLLING,
    suffixes: ['with Side Shift', 'with Fork Positioner', 'Pneumatic Tires', 'Cushion Tires'],
    models: [
      ['Toyota', '8FGCU25', '5,000 lb LPG Forklift', 2011, 2022],
      ['Hyster', 'H80FT', '8,000 lb LPG Forklift', 2012, 2022],
      ['Caterpillar', 'GC25K', '5,000 lb LPG Forklift', 2008, 2019],
      ['Clark', 'C25', '5,000 lb LPG Forklift', 2010, 2021],
    ],
  },
  'pallet-jacks': {
    price: [300, 6_500],
    year: 0.4,
    heavy: false,
    packaging: ['pieces', 'pallets'],
    bulk: true,
    suffixes: ['27" x 48" Forks', 'with Charger'],
    models: [
      ['Crown', 'PE 4500', 'Electric Pallet Jack', 2012, 2022],
      ['Raymond', '8210', 'Walkie Pallet Truck', 2014, 2022],
      ['Uline', 'H-1043', '5,500 lb Manual Pallet Jack', 2015, 2023],
    ],
  },
  'reach-trucks': {
    price: [8_000, 45_000],
    year: 0.9,
    heavy: false,
    packaging: ROLLING,
    suffixes: ['322" Lift Height', 'with Charger', 'with Camera System'],
    models: [
      ['Raymond', '7500', 'Reach-Fork Truck', 2012, 2022],
      ['Crown', 'RR 5725', 'Stand-Up Reach Truck', 2013, 2022],
      ['Crown', 'SP 3520', 'Order Picker', 2012, 2021],
    ],
  },
  'pallet-racking': {
    price: [400, 14_000],
    year: 0,
    heavy: false,
    packaging: ['bundles', 'loose', 'pallets'],
    bulk: true,
    suffixes: ['(Approx. 20 Sections)', 'with Wire Decking', 'with Beams and Uprights'],
    models: [
      ['Unarco', 'Teardrop', "16' Pallet Racking Section", 2005, 2020],
      ['Interlake Mecalux', 'Boltless', "12' Pallet Racking Section", 2008, 2021],
    ],
  },
  'box-trucks': {
    price: [14_000, 85_000],
    year: 1,
    heavy: false,
    packaging: ['loose'],
    suffixes: ["26' Box with Lift Gate", "16' Box", 'Diesel, Automatic'],
    models: [
      ['Isuzu', 'NPR-HD', 'Box Truck', 2012, 2022],
      ['Hino', '268', 'Box Truck', 2011, 2021],
      ['Freightliner', 'M2 106', 'Box Truck', 2012, 2022],
    ],
  },
  'pickup-trucks': {
    price: [9_000, 55_000],
    year: 1,
    heavy: false,
    packaging: ['loose'],
    suffixes: ['4x4 Crew Cab', 'Regular Cab Long Bed', 'with Service Body'],
    models: [
      ['Ford', 'F-250 Super Duty', 'Pickup Truck', 2012, 2023],
      ['Chevrolet', 'Silverado 2500HD', 'Pickup Truck', 2012, 2023],
      ['Toyota', 'Tundra SR5', 'Pickup Truck', 2011, 2022],
    ],
  },
  'semi-tractors': {
    price: [22_000, 120_000],
    year: 1,
    heavy: false,
    packaging: ['loose'],
    suffixes: ['10-Speed Manual', 'Automatic Transmission', 'Low Miles'],
    models: [
      ['Freightliner', 'Cascadia 126', 'Tandem-Axle Sleeper Tractor', 2014, 2022],
      ['Volvo', 'VNL 760', 'Sleeper Tractor', 2015, 2022],
      ['Kenworth', 'T680', 'Day Cab Tractor', 2014, 2022],
    ],
  },
  trailers: {
    price: [5_000, 48_000],
    year: 1,
    heavy: false,
    packaging: ['loose'],
    suffixes: ['Air Ride', 'Swing Doors', 'Roll-Up Door'],
    models: [
      ['Wabash', 'DuraPlate', "53' Dry Van Trailer", 2010, 2021],
      ['Great Dane', 'Everest', "53' Reefer Trailer", 2011, 2021],
    ],
  },
  'utility-vehicles': {
    price: [3_500, 24_000],
    year: 0.9,
    heavy: false,
    packaging: ['loose'],
    suffixes: ['with Dump Bed', 'with Roof and Windshield', '4x4'],
    models: [
      ['Polaris', 'Ranger XP 1000', 'Utility Vehicle', 2016, 2023],
      ['Kubota', 'RTV-X1100C', 'Diesel Utility Vehicle', 2014, 2022],
      ['John Deere', 'Gator XUV835M', 'Utility Vehicle', 2016, 2023],
    ],
  },
  excavators: {
    price: [35_000, 320_000],
    year: 1,
    heavy: true,
    packaging: ['loose'],
    suffixes: ['with Hydraulic Thumb', 'with Quick Coupler', '36" Bucket'],
    models: [
      ['Caterpillar', '320 GC', 'Hydraulic Excavator', 2016, 2022],
      ['Komatsu', 'PC210LC-11', 'Hydraulic Excavator', 2015, 2022],
      ['John Deere', '350G LC', 'Hydraulic Excavator', 2013, 2021],
      ['Volvo', 'EC220E', 'Crawler Excavator', 2015, 2022],
    ],
  },
  'wheel-loaders': {
    price: [40_000, 260_000],
    year: 1,
    heavy: true,
    packaging: ['loose'],
    suffixes: ['with GP Bucket', 'with Forks', 'Ride Control'],
    models: [
      ['Caterpillar', '950M', 'Wheel Loader', 2014, 2022],
      ['John Deere', '644K', 'Wheel Loader', 2012, 2020],
      ['Komatsu', 'WA380-8', 'Wheel Loader', 2016, 2022],
    ],
  },
  'skid-steer-loaders': {
    price: [12_000, 65_000],
    year: 1,
    heavy: false,
    packaging: ['loose'],
    suffixes: ['Enclosed Cab with Heat/AC', 'Open ROPS', 'with Bucket'],
    models: [
      ['Bobcat', 'S650', 'Skid Steer Loader', 2013, 2022],
      ['Caterpillar', '262D3', 'Skid Steer Loader', 2017, 2022],
      ['Bobcat', 'T770', 'Compact Track Loader', 2013, 2022],
    ],
  },
  'boom-lifts': {
    price: [14_000, 90_000],
    year: 1,
    heavy: false,
    packaging: ['loose'],
    suffixes: ['4WD', 'Dual Fuel', 'Diesel'],
    models: [
      ['JLG', '600S', "60' Telescopic Boom Lift", 2010, 2021],
      ['Genie', 'Z-45/25J', "45' Articulating Boom Lift", 2011, 2022],
    ],
  },
  'scissor-lifts': {
    price: [3_500, 22_000],
    year: 1,
    heavy: false,
    packaging: ['loose'],
    suffixes: ['with Platform Extension', 'Non-Marking Tires', 'Low Hours'],
    models: [
      ['Genie', 'GS-1930', "19' Electric Scissor Lift", 2012, 2022],
      ['JLG', '2646ES', "26' Electric Scissor Lift", 2013, 2022],
      ['Skyjack', 'SJIII 3226', "26' Electric Scissor Lift", 2011, 2021],
    ],
  },
};
