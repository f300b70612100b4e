/**
 * Real industrial cities with their coordinates and an approximate combined
 * sales-tax rate (percent). Canadian rates follow GST (5), HST (13/15) or
 * GST+PST/QST; Oregon, Montana, New Hampshire and Delaware have none.
 */
export interface Place {
  city: string;
  region: string;
  country: 'US' | 'CA';
  lat: number;
  lon: number;
  taxRate: number;
}

type Row = readonly [city: string, region: string, lat: number, lon: number, taxRate: number];

const US: readonly Row[] = [
  ['Houston', 'TX', 29.7604, -95.3698, 8.25],
  ['Dallas', 'TX', 32.7767, -96.797, 8.25],
  ['San Antonio', 'TX', 29.4241, -98.4936, 8.25],
  ['Chicago', 'IL', 41.8781, -87.6298, 10.25],
  ['Rockford', 'IL', 42.2711, -89.094, 8.75],
  ['Detroit', 'MI', 42.3314, -83.0458, 6],
  ['Grand Rapids', 'MI', 42.9634, -85.6681, 6],
  ['Cleveland', 'OH', 41.4993, -81.6944, 8],
  ['Cincinnati', 'OH', 39.1031, -84.512, 7.8],
  ['Columbus', 'OH', 39.9612, -82.9988, 7.5],
  ['Pittsburgh', 'PA', 40.4406, -79.9959, 7],
  ['Allentown', 'PA', 40.6023, -75.4714, 6],
  ['Milwaukee', 'WI', 43.0389, -87.9065, 5.5],
  ['Minneapolis', 'MN', 44.9778, -93.265, 8.025],
  ['Indianapolis', 'IN', 39.7684, -86.1581, 7],
  ['Louisville', 'KY', 38.2527, -85.7585, 6],
  ['Nashville', 'TN', 36.1627, -86.7816, 9.25],
  ['Charlotte', 'NC', 35.2271, -80.8431, 7.25],
  ['Greenville', 'SC', 34.8526, -82.394, 6],
  ['Atlanta', 'GA', 33.749, -84.388, 8.9],
  ['Birmingham', 'AL', 33.5186, -86.8104, 10],
  ['Jacksonville', 'FL', 30.3322, -81.6557, 7.5],
  ['Tampa', 'FL', 27.9506, -82.4572, 7.5],
  ['Baton Rouge', 'LA', 30.4515, -91.1871, 9.95],
  ['Tulsa', 'OK', 36.154, -95.9928, 8.517],
  ['Wichita', 'KS', 37.6872, -97.3301, 7.5],
  ['Kansas City', 'MO', 39.0997, -94.5786, 8.85],
  ['St. Louis', 'MO', 38.627, -90.1994, 9.679],
  ['Omaha', 'NE', 41.2565, -95.9345, 7],
  ['Denver', 'CO', 39.7392, -104.9903, 8.81],
  ['Salt Lake City', 'UT', 40.7608, -111.891, 7.75],
  ['Phoenix', 'AZ', 33.4484, -112.074, 8.6],
  ['Albuquerque', 'NM', 35.0844, -106.6504, 7.625],
  ['Las Vegas', 'NV', 36.1699, -115.1398, 8.375],
  ['Los Angeles', 'CA', 34.0522, -118.2437, 9.5],
  ['Fresno', 'CA', 36.7378, -119.7871, 8.35],
  ['San Jose', 'CA', 37.3382, -121.8863, 9.375],
  ['Portland', 'OR', 45.5152, -122.6784, 0],
  ['Seattle', 'WA', 47.6062, -122.3321, 10.25],
  ['Spokane', 'WA', 47.6588, -117.426, 9],
  ['Boise', 'ID', 43.615, -116.2023, 6],
  ['Billings', 'MT', 45.7833, -108.5007, 0],
  ['Boston', 'MA', 42.3601, -71.0589, 6.25],
  ['Hartford', 'CT', 41.7658, -72.6734, 6.35],
  ['Manchester', 'NH', 42.9956, -71.4548, 0],
  ['Newark', 'NJ', 40.7357, -74.1724, 6.625],
  ['Buffalo', 'NY', 42.8864, -78.8784, 8.75],
  ['Rochester', 'NY', 43.1566, -77.6088, 8],
  ['Wilmington', 'DE', 39.7391, -75.5398, 0],
  ['Baltimore', 'MD', 39.2904, -76.6122, 6],
  ['Richmond', 'VA', 37.5407, -77.436, 6],
  ['Des Moines', 'IA', 41.5868, -93.625, 7],
];

const CA: readonly Row[] = [
  ['Toronto', 'ON', 43.6532, -79.3832, 13],
  ['Mississauga', 'ON', 43.589, -79.6441, 13],
  ['Hamilton', 'ON', 43.2557, -79.8711, 13],
  ['Windsor', 'ON', 42.3149, -83.0364, 13],
  ['Montreal', 'QC', 45.5017, -73.5673, 14.975],
  ['Quebec City', 'QC', 46.8139, -71.208, 14.975],
  ['Calgary', 'AB', 51.0447, -114.0719, 5],
  ['Edmonton', 'AB', 53.5461, -113.4938, 5],
  ['Vancouver', 'BC', 49.2827, -123.1207, 12],
  ['Surrey', 'BC', 49.1913, -122.849, 12],
  ['Winnipeg', 'MB', 49.8951, -97.1384, 12],
  ['Saskatoon', 'SK', 52.1332, -106.67, 11],
  ['Regina', 'SK', 50.4452, -104.6189, 11],
  ['Halifax', 'NS', 44.6488, -63.5752, 15],
  ['Moncton', 'NB', 46.0878, -64.7782, 15],
];

const toPlace =
  (country: 'US' | 'CA') =>
  ([city, region, lat, lon, taxRate]: Row): Place => ({ city, region, country, lat, lon, taxRate });

export const US_PLACES: readonly Place[] = US.map(toPlace('US'));
export const CA_PLACES: readonly Place[] = CA.map(toPlace('CA'));
export const PLACES: readonly Place[] = [...US_PLACES, ...CA_PLACES];

export function findPlace(city: string, region: string): Place {
  const place = PLACES.find((p) => p.city === city && p.region === region);
  if (!place) throw new Error(`Unknown place ${city}, ${region}`);
  return place;
}
