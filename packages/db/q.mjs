import { PGlite } from '@electric-sql/pglite';
const db = new PGlite('/tmp/pgcopy');
const slug = process.argv[2];
const r = await db.query(`select l.id, l.type, l.status, l.bids_count, e.end_at, (select count(*) from bids b where b.lot_id=l.id) as nbids,
  (select count(*) from registrations r where r.event_id=l.event_id) as nreg
  from event_lots l join events e on e.id=l.event_id join companies c on c.id=l.company_id
  where c.slug=$1 and e.status='published' and l.bids_count>0 and e.end_at > now() + interval '1 day' order by e.id, l.sequence limit 10`, [slug]);
console.log(r.rows);
