import Link from 'next/link';

export default function Home() {
  return (
    <main>
      <h1>Shop</h1>
      <ul>
        <li>
          <Link href="/cart">Your cart</Link>: a checkout session your server creates
        </li>
        <li>
          <Link href="/subscribe">Subscribe</Link>: a payment link
        </li>
      </ul>
    </main>
  );
}
