/**
 * Version 1 of the Terms of Use: the document the marketplace opened with
 * (published 22 November 2026). A database without any version (a fresh
 * migration, or the demo after a reset) gets it as its first row, so the
 * legal page and every agreement always have a version to name.
 * A heading's `{#id}` is its anchor on the page.
 */
export const TERMS_V1 = {
  publishedAt: new Date('2026-11-22T00:00:00Z'),
  markdown: `These terms apply to everyone who uses Lotline: visitors, buyers and bidders, and the companies that sell on it. By creating an account, bidding, buying or listing assets you agree to them.

## 1. The service {#service}

Lotline is an online marketplace where companies ("sellers") sell industrial assets to buyers. Sellers list assets as lots, usually grouped in events. A lot is sold in one of three formats: a timed auction, a buy-now listing at a fixed price, or a sealed tender in which each bidder makes one offer that the other bidders do not see.

Lotline runs the marketplace: it publishes listings, takes bids and offers, holds bid deposits and passes messages between buyers and sellers. Unless a listing says otherwise, Lotline is not the owner of the assets and the contract of sale is made between the buyer and the seller.

Anyone may browse and search the marketplace without an account. Watching lots, contacting sellers, bidding and buying need an account.

## 2. Accounts {#accounts}

You must be at least 18 years old and able to enter into binding contracts to open an account. The details you give must be true and kept up to date. If you act for a business, you confirm that you may bind it.

Keep your password secret. You are responsible for what is done with your account until you tell us that someone else has used it. We may suspend or close an account that breaks these terms, that is used for fraud, or whose holder does not pay for what they have won.

## 3. Verification and bid deposits {#verification}

Before you can bid, buy or contact a seller, your account must be verified. An account is verified when all of the following hold:

- a payment method (a card) is saved on the account;
- both a billing and a shipping address are saved;
- your e-mail address has been confirmed through the activation link we sent you;
- if you buy to resell, a tax exemption certificate is active or under review, unless you choose to pay sales tax instead.

## 4. Bid deposits {#deposits}

An auction may require a bid deposit before you bid. The deposit is a hold on your card for the amount the auction states; it is set per auction, not per lot. If you do not win any lot in that auction, the hold is cancelled and nothing is charged. If you win, the held amount may be applied to what you owe, and if you do not pay, the seller may keep it toward its losses.

Each event may also set its own terms (for example its payment deadline, removal window or fees). You agree to them for that event before you can register for it or contact its seller, and they apply together with these terms. Where an event’s terms conflict with these terms, the event’s terms apply to that event.

## 5. Bidding, buying and offers {#bidding}

A bid, a buy-now purchase, a best offer and a tender offer are each a binding offer to buy the lot at that amount plus any fees, taxes and charges that the listing or the event’s terms state. Bids cannot be withdrawn once placed. The highest bid at the end of an auction wins, subject to any reserve price the seller set; a lot whose reserve is not met may remain unsold.

Where a listing shows "Best Offer", the seller reviews all competitive offers and may accept, refuse or ignore any of them. Tender offers are opened after the tender closes and the seller chooses among them.

Times on the site are shown from our server’s clock. Lots end at the time shown; do not wait for the last second, as network delays are at your own risk.

Lotline does not charge a buyer’s premium unless the event’s terms state one; when they do, it is shown before you bid and added to the winning amount.

## 6. Payment and taxes {#payment}

You must pay for what you win or buy, in the currency of the listing, within the time the event’s terms set (or, if they set none, within five business days of the invoice). Amounts are charged to your saved payment method or paid by another method the invoice offers.

Sales tax is added where the law requires it, at the rate of the asset’s location. A buyer who claims a tax exemption must hold a valid certificate for the region concerned; if a certificate is refused or expires, tax is due.

If you do not pay on time, the seller may cancel the sale, offer the lot to another bidder and keep your bid deposit, and we may suspend your account.

## 7. Removal, loading and shipping {#removal}

Assets are sold as is, where is, with all faults. Inspect them, or ask the seller, before you bid. Each listing says who is responsible for rigging, loading and shipping (the seller, the buyer, a third-party logistics company, or that it is not required) and what it costs, and which shipping options exist: a shipping fee, pickup, shipping arranged by the buyer, or contacting the seller for options.

Where the buyer removes the asset, it must be collected within the removal window of the event’s terms, by the buyer or a carrier the buyer engages, with suitable equipment and insurance. Risk passes to the buyer when the asset is handed over; ownership passes once it has been paid for in full.

## 8. Sellers’ duties {#sellers}

A seller must own the assets it lists or be entitled to sell them, free of undisclosed liens. Descriptions, photos, attachments, quantities and locations must be accurate and must disclose known defects. A seller may not bid on its own lots, directly or through others, or accept offers outside Lotline for assets listed on it.

A seller must honour sales made through the marketplace, make the assets available for removal as its event’s terms state, answer buyers’ messages in good time, and keep its terms, locations and tax rates up to date. Files uploaded to listings must be images, videos or documents of the permitted types: videos under 30 MB and other files under 10 MB.

## 9. Messages and conduct {#conduct}

Messages between buyers and sellers go through Lotline and are kept with the account. Use them for questions about the assets and the sale; do not send unlawful, abusive or misleading content, or try to take a sale off the marketplace.

Do not interfere with the site, scrape it in ways that burden it, or use it to collect other people’s details.

## 10. Liability {#liability}

Lotline provides the marketplace with reasonable care and skill but does not guarantee that it will always be available or free of errors. We are not responsible for the condition, description or legality of the assets, or for a buyer’s or seller’s failure to perform; those are matters between them.

To the extent the law allows, Lotline is not liable for indirect or consequential loss, or for loss of profit, business or data. Our total liability to you for any claim is limited to the fees you paid to Lotline in the twelve months before the claim arose. Nothing in these terms limits liability for fraud, or for death or personal injury caused by negligence, or any other liability that cannot be limited by law.

## 11. Governing law and disputes {#law}

These terms are governed by the laws of the State of Delaware and the federal laws of the United States that apply there. A buyer or seller based in Canada also keeps the protection of the laws of their province that cannot be excluded by contract.

Please contact us first so we can try to resolve a dispute. If it cannot be resolved within 30 days, either party may bring it before the state or federal courts located in Delaware, unless the law of your place of residence gives you the right to bring it there.

We may update these terms. The date at the top shows the latest version; changes apply to bids, purchases and listings made after that date, not to those made before it.
`,
};
