import { describe, expect, it } from 'vitest';
import { maskContactDetails } from './contact-mask.js';
import { conversationMessages } from './messages/index.js';

const HIDDEN = conversationMessages.contactHidden;
const hide = (text: string) => text.replaceAll('##', HIDDEN);

// Each row: what a person typed, and what the other side reads ("##" is the placeholder).
const maskedSpellings: [string, string][] = [
  // Bangladeshi mobiles as people type them
  ['Call me on 01711223344', 'Call me on ##'],
  ['01711-223344', '##'],
  ['+880 1711 223344', '##'],
  ['+8801711223344 is my number', '## is my number'],
  ['8801711223344', '##'],
  ['(+880) 1711-223344', '##'],
  ['+88 01711223344', '##'],
  ['0088 01711 223344', '##'],
  ['017 11 22 33 44', '##'],
  ['0 1 7 1 1 2 2 3 3 4 4', '##'],
  ['01711.223.344', '##'],
  ['017-1122-3344 (Rahim)', '## (Rahim)'],
  ['my number 0171\n1223344 thanks', 'my number ## thanks'],
  ['whatsapp 1711223344', 'whatsapp ##'],
  ['Here: 1711 223344', 'Here: ##'],
  ['O1711223344', '##'],
  ['Call 017-1122-3344 after 5:30', 'Call ## after 5:30'],
  ['Price 12,500, call 01711223344', 'Price 12,500, call ##'],
  ['Sofa 12500 tk. 01611223344', 'Sofa 12500 tk. ##'],
  // Bangla digits and Bangla sentences
  ['০১৭১১২২৩৩৪৪', '##'],
  ['আমার নম্বর ০১৭১১-২২৩৩৪৪, কল করবেন', 'আমার নম্বর ##, কল করবেন'],
  ['+৮৮০ ১৯১২ ৩৪৫৬৭৮', '##'],
  ['ফোন করুন 01311223344', 'ফোন করুন ##'],
  ['ইমো নম্বর ০১৬১১২২৩৩৪৪', 'ইমো নম্বর ##'],
  ['হোয়াটসঅ্যাপ: ০১৫১১২২৩৩৪৪', 'হোয়াটসঅ্যাপ: ##'],
  ['০১৭ ১১ ২২ ৩৩ ৪৪ এ ফোন দিন', '## এ ফোন দিন'],
  // digits spelled out, or mixed, to slip past a filter
  ['zero one seven one one two two three three four four', '##'],
  ['Zero One Seven, one one, 22 33 44 call me', '## call me'],
  ['017 double one 22 33 44', '##'],
  ['শূন্য এক সাত এক এক দুই দুই তিন তিন চার চার', '##'],
  ['০১৭ one one ২২৩৩৪৪', '##'],
  // landlines and other countries
  ['Dhaka office: 02-9556677', 'Dhaka office: ##'],
  ['(02) 9556677', '##'],
  ['call +44 7911 123456', 'call ##'],
  ['+1 (415) 555-2671', '##'],
  ['00971501234567', '##'],
  ['0044 7911 123456', '##'],
  ['my brother in Dubai: 971501234567', 'my brother in Dubai: ##'],
  ['call 4155552671', 'call ##'],
  ['phone 5552671', 'phone ##'],
  // email addresses, also written to slip past a filter
  ['rahim@gmail.com', '##'],
  ['Email me: rahim.khan+sofa@yahoo.co.uk.', 'Email me: ##.'],
  ['rahim at gmail dot com', '##'],
  ['rahim[at]gmail[dot]com', '##'],
  ['rahim @ gmail . com', '##'],
  ['rahim(at)outlook(dot)com', '##'],
  ['rahim at gmail', '##'],
  ['rahim অ্যাট gmail ডট com', '##'],
  ['mail: rahim at furniture.com.bd', 'mail: ##'],
  // links
  ['see https://example.com/sofa', 'see ##'],
  ['photos at http://bit.ly/3xYz, thanks', 'photos at ##, thanks'],
  ['Visit www.rahimfurniture.com.', 'Visit ##.'],
  ['rahimfurniture.com.bd', '##'],
  ['wa.me/8801711223344', '##'],
  ['m.me/rahim.furniture', '##'],
  ['t.me/rahim_bd', '##'],
  ['fb.me/rahimstore', '##'],
  ['facebook.com/rahim.furniture', '##'],
  ['rahimfurniture dot com', '##'],
  ['example[dot]com/shop', '##'],
  // messenger handles
  ['WhatsApp me on 01811 223344', 'WhatsApp me on ##'],
  ['imo: 01911223344', 'imo: ##'],
  ['viber id rahim_khan', 'viber id ##'],
  ['telegram @rahimbd', 'telegram ##'],
  ['message me on Telegram, I am @rahim_furniture', 'message me on Telegram, I am ##'],
  ['@rahim_bd on telegram', '## on telegram'],
  ['my insta is rahim.furniture', 'my insta is ##'],
  ['Skype: rahimkhan', 'Skype: ##'],
  ['my viber id is rahimkhan', 'my viber id is ##'],
  ['টেলিগ্রামে আসুন: @rahim_bd', 'টেলিগ্রামে আসুন: ##'],
  ['fb id: rahimkhanstore', 'fb id: ##'],
  ['add me on messenger rahim123', 'add me on messenger ##'],
  ['টেলিগ্রাম আইডি @rahim_bd', 'টেলিগ্রাম আইডি ##'],
];

// Each row reads the same after masking: numbers of a furniture sale that are no contact.
const leftAlone: string[] = [
  // prices
  '৳12,500',
  'Price is 12500 tk',
  'Tk 1,25,000',
  'Tk 12,50,000 for the full set',
  'Final number: Tk 12,50,000',
  'I paid 1,250,000 in 2019',
  'Tk 1250000 is my last price',
  '$300',
  'Price 12500/-',
  'I can pay 12000 or 13000',
  'It was 15000, now 12000',
  'I will pay 12,000 + 500 delivery',
  'দাম ১২,৫০০ টাকা',
  '৳১,২৫,০০০ শেষ দাম',
  'দাম ১২০০০ থেকে ১৩০০০ এর মধ্যে',
  // sizes and quantities
  'It is a 3 seater',
  '200 x 90 cm',
  '6ft by 3ft',
  'height 75cm, width 120cm, depth 60cm',
  'Sizes: 180 200 220',
  'It weighs 45 kg',
  'I need 2 chairs and 1 table',
  'one or two pieces',
  'one two three',
  'সোফাটা ৩ সিটের',
  'আকার ২০০ x ৯০ সেমি',
  '50% off',
  // dates, years and times
  'Can I pick it up on 12/05/2026?',
  'Can you call on 12/05/2026?',
  'ফোন দিব ১২/০৫/২০২৬ তারিখে',
  'Delivery on 12.05.2026',
  'on 05-12-2026 please',
  '2026-05-12 10:30',
  'on 5 Dec',
  'made in 2019',
  'bought in 2018, used 3 years',
  'Model 2019 2020',
  'Come at 5:30',
  'We meet at 10.30',
  'between 10-12 am',
  '৫ ডিসেম্বর বিকেল ৫:৩০ এ আসব',
  '২০১৮ সালে কেনা',
  // ids, addresses and ordinary words
  'order #A1B2C3',
  'Order 5, 6 and 7 of 10',
  'Room 4, house 12/3, road 7',
  'Is it still available?',
  'Can you send a photo of the back?',
  'Does the top come off?',
  'Do you use WhatsApp?',
  'Is the sofa on Facebook too?',
  "I'll be at Mirpur. Come by the gate",
  'I am at home',
  'e.g. oak or teak',
  'Mr. Rahim will come',
  'bKash payment is fine',
  'এটা নতুন নয়, এক বছর ব্যবহার করা',
  'কাল বিকেলে মিরপুরে দেখা করি?',
];

describe('maskContactDetails', () => {
  it.each(maskedSpellings)('hides the contact in %j', (typed, shown) => {
    expect(maskContactDetails(typed)).toEqual({ text: hide(shown), masked: true });
  });

  it.each(leftAlone)('leaves %j as it is', (typed) => {
    expect(maskContactDetails(typed)).toEqual({ text: typed, masked: false });
  });

  it('covers at least 40 spellings each way', () => {
    expect(maskedSpellings.length).toBeGreaterThanOrEqual(40);
    expect(leftAlone.length).toBeGreaterThanOrEqual(40);
  });

  it('hides every contact of a message and keeps the words around them', () => {
    const typed = 'Call 01711223344 or mail rahim@gmail.com, the sofa is ৳12,500.';
    expect(maskContactDetails(typed)).toEqual({
      text: `Call ${HIDDEN} or mail ${HIDDEN}, the sofa is ৳12,500.`,
      masked: true,
    });
  });

  it('keeps Bangla digits it does not hide', () => {
    expect(maskContactDetails('দাম ৳১২,৫০০, ফোন ০১৭১১২২৩৩৪৪').text).toBe(`দাম ৳১২,৫০০, ফোন ${HIDDEN}`);
  });
});
