import { redirect } from 'next/navigation';

/** There is no home page yet; the marketplace starts at the lot listing. */
export default function HomePage(): never {
  redirect('/marketplace/lots');
}
