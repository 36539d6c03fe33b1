import type { FormElement } from '../schema/index.ts';
import type { articles, formDefinitions, pages } from '../schema/index.ts';
import { AGENCY_EMAIL, AGENCY_NAME, AGENCY_TELEPHONE, branchPlans, EMAIL_DOMAIN } from './agency.ts';
import { articleHeroes, mediaUrl } from './images.ts';
import { createRandom, slugify, type Random } from './random.ts';

/** News and blog articles, the static pages the footer links to, and the two custom forms. */

export type ArticleRow = typeof articles.$inferInsert;
export type PageRow = typeof pages.$inferInsert;
export type FormDefinitionRow = typeof formDefinitions.$inferInsert;

type Topic =
  | 'Market update'
  | 'Selling tips'
  | 'Buying tips'
  | 'Lettings advice'
  | 'Local area guides'
  | 'Company news'
  | 'New homes';

type ArticlePlan = {
  kind: 'news' | 'blog';
  topic: Topic;
  title: string;
  promo: string;
  town?: string;
  secondTopic?: Topic;
};

const towns = branchPlans.map((plan) => plan.town);

const articlePlans: ArticlePlan[] = [
  {
    kind: 'news',
    topic: 'Market update',
    title: 'Spring market update: buyers return in numbers',
    promo:
      'Viewing requests are up across all eight branches as buyers who paused over the winter come back to the market.',
  },
  {
    kind: 'news',
    topic: 'Market update',
    title: 'Bath and Bristol: what the latest figures tell us',
    promo: 'Prices in the West of England are holding firm, with well-presented family homes still selling quickly.',
    town: 'Bath',
  },
  {
    kind: 'news',
    topic: 'Market update',
    title: 'Edinburgh closing dates are back',
    promo:
      'Competition for flats in the New Town and Marchmont has led to more closing dates than at any time in the last two years.',
    town: 'Edinburgh',
  },
  {
    kind: 'news',
    topic: 'Market update',
    title: 'Rents steady as supply improves in York',
    promo: 'More homes coming to the lettings market has taken the heat out of rent rises, good news for tenants.',
    town: 'York',
    secondTopic: 'Lettings advice',
  },
  {
    kind: 'news',
    topic: 'Market update',
    title: 'Autumn market report: realistic pricing wins',
    promo: 'Homes priced correctly from launch are selling in half the time of those that need a reduction.',
  },
  {
    kind: 'news',
    topic: 'Market update',
    title: 'Interest rates and what they mean for movers',
    promo: 'Mortgage rates have eased from their peak. We look at how that is feeding through to buyer budgets.',
    secondTopic: 'Buying tips',
  },
  {
    kind: 'news',
    topic: 'Market update',
    title: 'Cardiff first-time buyers lead the way',
    promo:
      'Almost half of our Cardiff sales this quarter were to first-time buyers, helped by relatively affordable prices.',
    town: 'Cardiff',
  },
  {
    kind: 'news',
    topic: 'Market update',
    title: 'Harrogate’s family homes in short supply',
    promo: 'Demand for four-bedroom houses near the best schools continues to outstrip supply.',
    town: 'Harrogate',
  },
  {
    kind: 'news',
    topic: 'Company news',
    title: 'Harbour & Vale opens in Cardiff',
    promo:
      'Our eighth branch opens on Cathedral Road in Pontcanna, bringing our sales and lettings service to South Wales.',
    town: 'Cardiff',
  },
  {
    kind: 'news',
    topic: 'Company news',
    title: 'Our Oxford team moves to Summertown',
    promo: 'New, larger offices on the Banbury Road give the Oxford team room to grow.',
    town: 'Oxford',
  },
  {
    kind: 'news',
    topic: 'Company news',
    title: 'Supporting local charities this winter',
    promo: 'Staff across the business raised funds for food banks and homelessness charities in every town we work in.',
  },
  {
    kind: 'news',
    topic: 'Company news',
    title: 'Welcome to our new agricultural team',
    promo: 'Chartered surveyors join our Cheltenham and Harrogate offices to advise on farms, estates and land.',
    town: 'Cheltenham',
  },
  {
    kind: 'news',
    topic: 'Company news',
    title: 'Harbour & Vale wins regional agency award',
    promo: 'Our Bath office has been named best medium-sized estate agency in the South West.',
    town: 'Bath',
  },
  {
    kind: 'news',
    topic: 'Company news',
    title: 'Dates for our next property auctions',
    promo:
      'Our auction room in Cheltenham holds sales on the second Thursday of every month, with online bidding available.',
    town: 'Cheltenham',
  },
  {
    kind: 'news',
    topic: 'New homes',
    title: 'Kingsmead Quarter launches in Bath',
    promo: 'The first phase of two-, three- and four-bedroom homes at Odd Down is now available to reserve.',
    town: 'Bath',
  },
  {
    kind: 'news',
    topic: 'New homes',
    title: 'Ocean Wharf: waterside living in Leith',
    promo: 'A new collection of apartments on the Leith waterfront, with penthouses overlooking the Forth.',
    town: 'Edinburgh',
  },
  {
    kind: 'news',
    topic: 'New homes',
    title: 'Show home opens at Cherwell Fields',
    promo: 'Visit the new show home at Kidlington and see the specification for yourself.',
    town: 'Oxford',
  },
  {
    kind: 'news',
    topic: 'Lettings advice',
    title: 'Changes to tenancy law: what landlords need to know',
    promo: 'A summary of the rules landlords must follow today, and how we keep our managed landlords compliant.',
  },
  {
    kind: 'blog',
    topic: 'Selling tips',
    title: 'Ten ways to prepare your home for sale',
    promo: 'Small jobs that make a big difference to first impressions, from the front door to the back garden.',
  },
  {
    kind: 'blog',
    topic: 'Selling tips',
    title: 'How to choose the right estate agent',
    promo: 'Questions to ask before you sign, and why the highest valuation is not always the best.',
  },
  {
    kind: 'blog',
    topic: 'Selling tips',
    title: 'Staging your home for photographs',
    promo: 'Our photographers share their advice on getting your home camera-ready.',
  },
  {
    kind: 'blog',
    topic: 'Selling tips',
    title: 'Understanding offers: more than just the price',
    promo: 'Why a buyer’s position can matter as much as the figure they offer.',
  },
  {
    kind: 'blog',
    topic: 'Selling tips',
    title: 'Selling a period property',
    promo: 'How to make the most of original features, and what buyers of older homes will want to know.',
  },
  {
    kind: 'blog',
    topic: 'Buying tips',
    title: 'A first-time buyer’s guide to the buying process',
    promo: 'From agreement in principle to getting the keys, every step explained.',
  },
  {
    kind: 'blog',
    topic: 'Buying tips',
    title: 'What to look for at a viewing',
    promo: 'A checklist to take with you, so you notice the things that matter.',
  },
  {
    kind: 'blog',
    topic: 'Buying tips',
    title: 'Buying in Scotland: offers over and closing dates',
    promo: 'How the Scottish system differs from England and Wales, and how to make a winning offer.',
    town: 'Edinburgh',
  },
  {
    kind: 'blog',
    topic: 'Buying tips',
    title: 'Surveys explained: which one do you need?',
    promo: 'Condition reports, HomeBuyer Reports and building surveys compared.',
  },
  {
    kind: 'blog',
    topic: 'Buying tips',
    title: 'Stamp duty, LBTT and LTT in plain English',
    promo: 'The tax you pay when you buy depends on where the property is. Here is how it works.',
    secondTopic: 'Market update',
  },
  {
    kind: 'blog',
    topic: 'Lettings advice',
    title: 'A tenant’s guide to deposits and fees',
    promo: 'What you can be asked to pay when you rent, and how your deposit is protected.',
  },
  {
    kind: 'blog',
    topic: 'Lettings advice',
    title: 'Preparing a property to let',
    promo: 'Safety certificates, inventories and the small touches that attract good tenants.',
  },
  {
    kind: 'blog',
    topic: 'Lettings advice',
    title: 'Energy efficiency rules for rented homes',
    promo: 'Why your EPC rating matters if you are a landlord, and affordable ways to improve it.',
  },
  {
    kind: 'blog',
    topic: 'Lettings advice',
    title: 'Renting with pets',
    promo: 'How tenants and landlords can make pet-friendly lets work for everyone.',
  },
  {
    kind: 'blog',
    topic: 'Local area guides',
    title: 'Living in Clifton: a local’s guide',
    promo:
      'Village shops, the Downs and the Suspension Bridge: why Clifton remains one of Bristol’s best-loved neighbourhoods.',
    town: 'Bristol',
  },
  {
    kind: 'blog',
    topic: 'Local area guides',
    title: 'Why families love Cheltenham',
    promo: 'Schools, parks and festivals: what makes the Regency spa town such a good place to bring up children.',
    town: 'Cheltenham',
  },
  {
    kind: 'blog',
    topic: 'Local area guides',
    title: 'A guide to York’s neighbourhoods',
    promo: 'From the cobbled streets inside the walls to the villages of the Vale of York.',
    town: 'York',
  },
  {
    kind: 'blog',
    topic: 'Local area guides',
    title: 'Edinburgh’s New Town and Stockbridge',
    promo: 'Georgian grandeur, Sunday markets and the Water of Leith.',
    town: 'Edinburgh',
  },
  {
    kind: 'blog',
    topic: 'Local area guides',
    title: 'Summertown and North Oxford',
    promo: 'Leafy roads, independent shops and some of the best schools in the county.',
    town: 'Oxford',
  },
  {
    kind: 'blog',
    topic: 'Local area guides',
    title: 'Pontcanna and Canton: Cardiff’s foodie quarter',
    promo: 'Cafés, parks and a short walk to the city centre.',
    town: 'Cardiff',
  },
  {
    kind: 'blog',
    topic: 'New homes',
    title: 'Buying a new-build home: the pros and cons',
    promo: 'Warranties, snagging and why new homes can be cheaper to run.',
  },
  {
    kind: 'blog',
    topic: 'New homes',
    title: 'Reserving off-plan: what happens next',
    promo: 'From reservation fee to completion, what to expect when you buy a home that has not been built yet.',
  },
];

type Section = { heading: string; paragraphs: string[]; list?: string[] };

/** Paragraph banks per topic; {town} is replaced with the article's town. */
const sectionBank: Record<Topic, Section[]> = {
  'Market update': [
    {
      heading: 'What we are seeing in our branches',
      paragraphs: [
        'Across our branches, the number of buyers registering with us has risen steadily over recent weeks, and viewings per property are up on the same period last year. Sellers who price realistically from the start are seeing the most interest.',
        'In {town} in particular, well-presented homes within walking distance of schools and the station continue to attract several offers, while homes that need modernisation are taking a little longer to find the right buyer.',
      ],
    },
    {
      heading: 'Prices and time to sell',
      paragraphs: [
        'Asking prices have been broadly flat in real terms, but the gap between asking and achieved prices has narrowed. The average time from launch to agreeing a sale is shorter than it was six months ago.',
      ],
      list: [
        'Homes priced correctly at launch sell fastest',
        'Buyers are more selective about condition',
        'Family homes near good schools remain in short supply',
      ],
    },
    {
      heading: 'Mortgages and affordability',
      paragraphs: [
        'Lenders have been competing for business again, and a wider choice of fixed-rate deals has helped buyers plan with more confidence. Affordability is still the main constraint for first-time buyers, so the size of the deposit matters.',
        'If you are thinking of moving, speak to an independent mortgage adviser early: knowing what you can borrow makes you a stronger buyer.',
      ],
    },
    {
      heading: 'The lettings market',
      paragraphs: [
        'Demand from tenants remains strong, particularly for one- and two-bedroom homes close to transport links. Rents have risen more slowly this year as more homes have become available, and good tenants are staying in place for longer.',
      ],
    },
    {
      heading: 'Our outlook',
      paragraphs: [
        'We expect activity to remain steady over the coming months. For sellers, preparation and realistic pricing are the keys to a quick sale; for buyers, being ready to proceed, with a mortgage in principle and a solicitor lined up, gives you the edge.',
      ],
      list: [
        'Book a free valuation to understand what your home is worth',
        'Register with us to hear about new listings first',
        'Save searches to get email alerts as soon as homes come on',
      ],
    },
  ],
  'Selling tips': [
    {
      heading: 'First impressions count',
      paragraphs: [
        'Buyers decide how they feel about a home within seconds of arriving. A freshly painted front door, a tidy path and clean windows cost little and set the tone for the viewing.',
      ],
      list: [
        'Clear the hallway of coats and shoes',
        'Replace blown bulbs and open the curtains',
        'Mow the lawn and sweep the path',
      ],
    },
    {
      heading: 'Declutter and depersonalise',
      paragraphs: [
        'The aim is to let buyers picture themselves living in your home. Put away most personal photographs, clear worktops and thin out wardrobes so storage looks generous.',
        'If you are short of space, a few months of self-storage can pay for itself many times over.',
      ],
    },
    {
      heading: 'Get your paperwork ready',
      paragraphs: [
        'Having documents ready avoids delays once you accept an offer. Your agent must tell buyers about material information such as tenure, council tax band and any known issues, so gather it early.',
      ],
      list: [
        'Title deeds or lease',
        'Planning permissions and building regulation certificates',
        'Guarantees for windows, damp-proofing or a new boiler',
        'A valid Energy Performance Certificate',
      ],
    },
    {
      heading: 'Pricing it right',
      paragraphs: [
        'Overpricing is the most common reason homes fail to sell. Buyers compare everything online, and a home that looks expensive next to its neighbours will be passed over. We base our advice on what has actually sold nearby, not just what is on the market.',
      ],
    },
    {
      heading: 'Making viewings work',
      paragraphs: [
        'Let us conduct the viewings: buyers speak more freely when the owner is not in the room. Before each one, open windows, turn on lights and set the heating to a comfortable temperature.',
        'We will always give you feedback after every viewing, good or bad, so you can respond quickly.',
      ],
    },
  ],
  'Buying tips': [
    {
      heading: 'Get your finances in order',
      paragraphs: [
        'Before you start viewing, speak to a mortgage adviser and get an agreement in principle. It tells you what you can afford and shows sellers you are serious.',
        'Remember to budget for the costs on top of the deposit: legal fees, searches, a survey, removals and any tax due on the purchase.',
      ],
      list: [
        'Deposit (usually at least 5% to 10% of the price)',
        'Solicitor or conveyancer fees and searches',
        'Survey fee',
        'Stamp Duty Land Tax, LBTT or LTT where due',
        'Removal costs',
      ],
    },
    {
      heading: 'Viewing with a critical eye',
      paragraphs: [
        'It is easy to fall for a beautifully staged home. Look beyond the furniture at the things that are expensive to change: the roof, the windows, the boiler and signs of damp.',
      ],
      list: [
        'Check water pressure and the age of the boiler',
        'Look for cracks around windows and doors',
        'Ask which way the garden faces',
        'Visit at different times of day',
      ],
    },
    {
      heading: 'Making an offer',
      paragraphs: [
        'When you make an offer, tell the agent about your position: whether you have a property to sell, your mortgage status and how quickly you can move. Sellers often prefer a slightly lower offer from a buyer who is ready to proceed.',
        'In Scotland, many homes are sold at "offers over" a stated price, and a closing date may be set when several buyers are interested. Your solicitor submits a formal offer on your behalf.',
      ],
    },
    {
      heading: 'After your offer is accepted',
      paragraphs: [
        'Instruct your solicitor straight away and book your survey. Respond quickly to requests for information: most delays happen while someone is waiting for a document.',
      ],
    },
    {
      heading: 'Taxes on buying a home',
      paragraphs: [
        'In England and Northern Ireland you may pay Stamp Duty Land Tax; in Scotland, Land and Buildings Transaction Tax; and in Wales, Land Transaction Tax. The rates, thresholds and reliefs for first-time buyers differ, and a surcharge applies to additional properties.',
        'Use the stamp duty calculator on any of our property pages for an estimate, and check the current rates on GOV.UK, Revenue Scotland or the Welsh Revenue Authority before you commit.',
      ],
    },
  ],
  'Lettings advice': [
    {
      heading: 'What tenants can be charged',
      paragraphs: [
        'In England the Tenant Fees Act 2019, and in Wales the Renting Homes (Fees etc.) (Wales) Act 2019, limit what tenants can be asked to pay. In Scotland, letting agents may not charge tenants any fee for arranging a tenancy.',
      ],
      list: [
        'The rent',
        'A refundable holding deposit of no more than one week’s rent',
        'A security deposit of no more than five weeks’ rent (where annual rent is under £50,000)',
        'Charges for changes to the tenancy requested by the tenant',
        'Utilities, council tax and communication services',
      ],
    },
    {
      heading: 'Deposit protection',
      paragraphs: [
        'Every deposit must be protected in a government-approved scheme within the legal deadline, and the tenant must be given the prescribed information. At the end of the tenancy, deductions must be justified against the check-in inventory.',
      ],
    },
    {
      heading: 'Safety first',
      paragraphs: [
        'Landlords must provide a valid gas safety certificate every year, an electrical installation condition report at least every five years, working smoke alarms on every storey and carbon monoxide alarms where required.',
        'We arrange and track all of these for our fully managed landlords, so nothing is missed.',
      ],
    },
    {
      heading: 'Energy performance',
      paragraphs: [
        'Rented homes need a valid Energy Performance Certificate, and minimum standards apply. Simple improvements such as loft insulation, LED lighting and draught-proofing can lift a rating and make a home cheaper for tenants to run.',
      ],
    },
    {
      heading: 'Finding and keeping good tenants',
      paragraphs: [
        'Well-presented homes let faster and attract tenants who stay longer. We reference every applicant, carry out right-to-rent checks in England, and keep in touch throughout the tenancy so small issues never become big ones.',
      ],
    },
  ],
  'Local area guides': [
    {
      heading: 'Why people move here',
      paragraphs: [
        '{town} combines a strong sense of community with excellent transport links, good schools and plenty of green space. It is popular with young professionals and families alike.',
      ],
    },
    {
      heading: 'Schools and education',
      paragraphs: [
        'There is a wide choice of well-regarded primary and secondary schools, both state and independent, and catchment areas can have a noticeable effect on house prices. Always check admission arrangements with the local authority.',
      ],
    },
    {
      heading: 'Eating out and shopping',
      paragraphs: [
        'Independent cafés, bakeries and restaurants line the main streets, alongside delis, butchers and a weekly farmers’ market. Larger supermarkets are a short drive away.',
      ],
      list: ['Weekend farmers’ market', 'Independent bookshop and galleries', 'Family-friendly pubs with gardens'],
    },
    {
      heading: 'Getting around',
      paragraphs: [
        'Regular buses run into the centre of {town}, cycle routes link the neighbourhoods, and the railway station offers direct services to major cities.',
      ],
    },
    {
      heading: 'Property in the area',
      paragraphs: [
        'Housing ranges from period terraces and converted flats to substantial detached family homes. Our local team knows every street and can tell you what has sold recently and for how much.',
      ],
    },
  ],
  'Company news': [
    {
      heading: 'The news',
      paragraphs: [
        'We are delighted to share this news with our clients and friends. It marks another step in our plan to offer the same personal, knowledgeable service in every town we work in.',
      ],
    },
    {
      heading: 'What it means for our clients',
      paragraphs: [
        'Our clients will continue to deal with the same local team, now with the added support of colleagues across the business, from new homes and commercial to auctions and professional services.',
      ],
      list: [
        'The same friendly local contacts',
        'Access to specialists across all eight branches',
        'Buyers and tenants registered across the whole network',
      ],
    },
    {
      heading: 'Our people',
      paragraphs: [
        'Everything we do depends on our people. We invest in training and professional qualifications, and many of our team are members of Propertymark or the Royal Institution of Chartered Surveyors.',
      ],
    },
    {
      heading: 'Get in touch',
      paragraphs: [
        'If you would like to know more, please call us on ' +
          AGENCY_TELEPHONE +
          ' or pop into your nearest branch. We would be delighted to see you.',
      ],
    },
  ],
  'New homes': [
    {
      heading: 'About the development',
      paragraphs: [
        'The homes have been designed with modern family life in mind: open-plan kitchens, plenty of storage and good-sized gardens. Energy efficiency is built in, with heat pumps, high levels of insulation and electric vehicle charging.',
      ],
    },
    {
      heading: 'Why buy new',
      paragraphs: [
        'A new home comes with a ten-year structural warranty, lower running costs than most older homes and the chance to choose finishes before you move in. There is no chain above you, which can make moving simpler.',
      ],
      list: [
        'Ten-year build warranty',
        'Typically an EPC rating of A or B',
        'No onward chain',
        'Choice of kitchen and flooring finishes on early plots',
      ],
    },
    {
      heading: 'Reserving a plot',
      paragraphs: [
        'Once you have chosen a plot, you pay a reservation fee to take it off the market while your solicitor and lender do their work. Exchange usually follows within a few weeks, with completion when the home is finished.',
        'Our New Homes team can introduce you to independent mortgage advisers who are familiar with new-build lending.',
      ],
    },
    {
      heading: 'Snagging and moving in',
      paragraphs: [
        'Before completion, you will be invited to inspect the finished home. Any small defects, known as snags, are recorded and put right by the developer. Many buyers use an independent snagging inspector for peace of mind.',
      ],
    },
  ],
};

function articleBody(random: Random, plan: ArticlePlan): string {
  const town = plan.town ?? random.pick(towns);
  const bank = sectionBank[plan.topic];
  // A few sections of the topic, kept in the bank's order so each article reads from overview to advice.
  const sections = random.sample(bank, random.int(3, 4)).sort((a, b) => bank.indexOf(a) - bank.indexOf(b));
  if (plan.secondTopic) sections.push(random.pick(sectionBank[plan.secondTopic]));
  const parts = [`${plan.promo}`];
  for (const section of sections) {
    parts.push(`## ${section.heading}`);
    for (const paragraph of section.paragraphs) parts.push(paragraph.replace(/\{town\}/g, town));
    if (section.list) parts.push(section.list.map((item) => `- ${item}`).join('\n'));
  }
  parts.push(
    `*If you would like advice on buying, selling or letting in ${town}, contact our local team or [book a valuation](#/book-a-valuation).*`,
  );
  return parts.join('\n\n');
}

export function buildArticles(now: Date): ArticleRow[] {
  const random = createRandom('articles');
  const twoYearsMs = 730 * 86_400_000;
  // Oldest first, spread over two years, so the newest article is a few days old.
  const dates = articlePlans
    .map(() => now.getTime() - Math.round((random.float(2, 730) / 730) * twoYearsMs))
    .sort((a, b) => a - b);
  const heroImages = articleHeroes.map((hero) => hero.name);
  const heroByTopic: Record<Topic, number[]> = {
    'Market update': [3, 0, 9],
    'Selling tips': [1, 8, 5],
    'Buying tips': [2, 4, 8],
    'Lettings advice': [2, 4, 8],
    'Local area guides': [0, 9, 7],
    'Company news': [7, 1, 0],
    'New homes': [6, 2, 3],
  };
  const slugs = new Set<string>();
  return articlePlans.map((plan, index) => {
    let slug = slugify(plan.title);
    for (let suffix = 2; slugs.has(slug); suffix += 1) slug = `${slugify(plan.title)}-${suffix}`;
    slugs.add(slug);
    // Every seventh article has no hero image, so the card's 'No image' placeholder is exercised.
    const heroIndex = random.pick(heroByTopic[plan.topic]);
    const publishedAt = new Date(dates[index] ?? now.getTime());
    return {
      id: index + 1,
      slug,
      kind: plan.kind,
      title: plan.title,
      topic: plan.topic,
      topics: plan.secondTopic ? [plan.topic, plan.secondTopic] : [plan.topic],
      heroImageUrl: index % 7 === 3 ? null : mediaUrl('articles', heroImages[heroIndex] ?? heroImages[0]!),
      promo: plan.promo,
      bodyMarkdown: articleBody(random, plan),
      isPublished: true,
      publishedAt,
      updatedAt: publishedAt,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Static pages

const branchList = branchPlans
  .map((plan) => `- ${plan.name}: ${plan.addressLine1}, ${plan.town} ${plan.postcode}, ${plan.phoneBase(0)}`)
  .join('\n');

const termsOfUse = `These terms govern your use of the ${AGENCY_NAME} website. By using the site you accept them. If you do not agree, please do not use the site.

## About us

This website is operated by ${AGENCY_NAME} ("we", "us"). You can contact us at ${AGENCY_EMAIL} or on ${AGENCY_TELEPHONE}. Our branch offices are:

${branchList}

## Property information

We take care to make our property particulars accurate and to include the material information a buyer or tenant needs, such as price, tenure, council tax band and any known issues. However:

- Particulars are a general guide and do not form part of any offer or contract.
- Measurements, floorplans and areas are approximate and for illustration only.
- We have not tested services, appliances or heating systems, and photographs may not show the property as it is today.
- Availability can change quickly; a property may be under offer or let before the website is updated.

Please check anything that is important to you before you travel to a viewing or commit to a purchase or tenancy, and rely on your own surveyor and solicitor.

## Calculators and guides

Our mortgage and stamp duty calculators give estimates only. They are not financial, tax or legal advice. Tax rates and thresholds change, and your own circumstances matter; always take independent advice before making a decision.

## Your account

If you register, you are responsible for keeping your password confidential and for activity on your account. You can save properties and searches and choose how often we email you about new properties. You can change your preferences or close your account at any time.

## Acceptable use

You must not:

- use the site in any way that breaks the law or infringes anyone's rights;
- copy our listings, photographs or floorplans in bulk or use automated tools to scrape the site;
- attempt to gain unauthorised access to the site, its server or any connected database;
- submit false enquiries or information, or use our forms to send spam.

We may suspend access to anyone who breaks these terms.

## Intellectual property

The content of this site, including text, photographs, floorplans and our logo, belongs to us or our licensors. You may view and print pages for your own personal use when looking for a home, but you may not reproduce them for commercial purposes without our written permission.

## Links to other websites

Links to other websites, such as The Property Ombudsman, mortgage lenders or local authorities, are provided for convenience. We are not responsible for their content.

## Our liability

Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or for anything that cannot be limited by law. Otherwise, we are not liable for any loss arising from your use of the site or reliance on its content, to the extent permitted by law.

## Complaints and redress

We are members of The Property Ombudsman and Propertymark Client Money Protection. If you are unhappy with our service, please contact the manager of the relevant branch; a copy of our complaints procedure is available on request.

## Changes and governing law

We may update these terms from time to time; the version on this page applies. These terms are governed by the law of England and Wales, except that if you live in Scotland you may bring proceedings in Scotland, and if you live in Northern Ireland, in Northern Ireland.`;

const privacyPolicy = `This policy explains how ${AGENCY_NAME} collects and uses your personal data, in line with the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.

## Who we are

${AGENCY_NAME} is the controller of your personal data. You can contact our data protection lead at privacy@${EMAIL_DOMAIN} or by writing to our Bath office at 14 Milsom Street, Bath BA1 1DE.

## What we collect

- **Enquiries and viewings:** your name, email address, telephone number, address and message when you contact us, book a viewing or request a valuation.
- **Your account:** your login details, saved properties, saved searches and marketing preferences.
- **Job applications:** your CV, cover letter and the information you provide in our careers form.
- **Technical data:** your IP address, browser type and the pages you visit, kept in our server logs for security.
- **Analytics:** if, and only if, you consent, information about how you use the site.

## Why we use it, and our lawful basis

| Purpose | Lawful basis |
| --- | --- |
| Answering your enquiry, arranging viewings and valuations | Steps at your request before entering a contract; our legitimate interests |
| Running your account and sending property alerts you asked for | Contract |
| Sending marketing emails | Consent, which you can withdraw at any time |
| Anti-money-laundering and right-to-rent checks | Legal obligation |
| Keeping the site secure and preventing spam | Legitimate interests |
| Analytics | Consent |

## Cookies

We use a small number of essential cookies to keep you signed in, protect forms against forgery and remember your cookie choice (the cookieconsent_status cookie). Analytics scripts are only loaded after you accept them in our cookie banner. You can change your choice at any time by clearing your cookies.

## Who we share it with

We share your data only where needed: with the seller or landlord of a property you enquire about, with referencing and identity-check providers, with our IT and email providers (who act on our instructions), and where the law requires. We never sell your personal data.

## How long we keep it

- Enquiries that do not lead to a transaction: up to two years.
- Records of sales and lettings: six years after completion, as required for anti-money-laundering and tax purposes.
- Unsuccessful job applications: six months.
- Accounts: until you close your account, plus a short period for backups.

## Your rights

You have the right to access your data, to have it corrected or erased, to restrict or object to its use, to data portability, and to withdraw consent at any time. To exercise any of these rights, email privacy@${EMAIL_DOMAIN}. We will respond within one month.

If you are unhappy with how we have handled your data, you can complain to the Information Commissioner's Office (ico.org.uk, 0303 123 1113).

## Lettings

If you rent a property through us, we handle your deposit and any payments in line with the Tenant Fees Act 2019 in England, the Renting Homes (Fees etc.) (Wales) Act 2019 in Wales, and the rules for letting agents in Scotland. Your deposit details are shared with the relevant government-approved deposit scheme.`;

const mortgageGuide = `Buying a home is the biggest purchase most of us make, and for most buyers it means taking out a mortgage. This guide explains how mortgages work and what to think about before you apply. ${AGENCY_NAME} does not give mortgage advice, but we are happy to introduce you to independent, whole-of-market advisers.

**Your home may be repossessed if you do not keep up repayments on your mortgage.**

## How a mortgage works

A mortgage is a loan secured on the property you are buying. You borrow the difference between the purchase price and your deposit, and repay it, with interest, over an agreed term, typically 25 to 35 years. If you do not keep up the repayments, the lender can take possession of the property to recover what it is owed.

The amount a lender will offer depends on your income, your outgoings, your credit history and the property itself. Most lenders cap borrowing at around four to four and a half times household income, and all of them test whether you could still afford the payments if interest rates rose.

## Repayment or interest-only

- **Repayment (capital and interest):** each monthly payment covers the interest and pays off part of the loan. At the end of the term you own your home outright. This is how most residential mortgages work.
- **Interest-only:** your monthly payments cover only the interest, so they are lower, but the whole loan is still owed at the end of the term. You need a credible plan, such as investments or the sale of another property, to repay it. Lenders set strict criteria for interest-only loans.

Our mortgage calculator, on every property page for sale, shows the monthly cost of both. It starts with a 20% deposit, a 25-year term and an illustrative interest rate, which you can change.

## Your deposit and loan to value

Your deposit is the part of the price you pay yourself. Lenders describe the loan as a percentage of the property's value, the loan to value (LTV). A 10% deposit means a 90% LTV mortgage.

- The bigger your deposit, the lower the LTV and usually the better the interest rate.
- Some lenders offer 95% mortgages, but rates are higher and choice is narrower.
- Deposits can come from savings, a Lifetime ISA (for eligible first-time buyers in England, Wales and Northern Ireland) or a gift from family, which the lender will want documented.

## Types of interest rate

- **Fixed rate:** the rate stays the same for a set period, often two, five or ten years, so your payments are predictable.
- **Tracker:** the rate follows the Bank of England base rate plus a set margin, so payments go up and down with it.
- **Standard variable rate (SVR):** the lender's default rate, which you usually move onto when a deal ends. It is normally higher, so most borrowers remortgage before then.
- **Offset:** your savings are set against the loan, reducing the interest you pay.

Watch for early repayment charges if you might move or repay during a fixed or tracker period.

## The costs of buying

As well as your deposit, budget for:

- lender arrangement and valuation fees;
- mortgage adviser fees, if any;
- solicitor or conveyancer fees and searches;
- a survey;
- removal costs; and
- tax on the purchase.

## Stamp duty and other purchase taxes

The tax you pay when you buy depends on where the property is:

- **England and Northern Ireland:** Stamp Duty Land Tax (SDLT), collected by HMRC.
- **Scotland:** Land and Buildings Transaction Tax (LBTT), collected by Revenue Scotland.
- **Wales:** Land Transaction Tax (LTT), collected by the Welsh Revenue Authority.

Each has its own bands, relief for first-time buyers (in England and Scotland) and a higher rate for additional properties such as second homes and buy-to-lets. Use the stamp duty calculator on our property pages for an estimate, and check the current rates with the relevant tax authority, because thresholds change.

## Step by step

1. **Check your credit file** and correct any mistakes.
2. **Get an agreement in principle** from a lender or adviser, so you know your budget and sellers know you are serious.
3. **Find your home** and have your offer accepted.
4. **Apply for the mortgage:** the lender values the property and checks your documents: payslips, bank statements and identification.
5. **Receive the mortgage offer**, usually valid for three to six months.
6. **Exchange contracts** (in Scotland, conclude missives) and arrange buildings insurance.
7. **Complete:** the lender releases the money and you collect the keys.

## Getting advice

An independent mortgage adviser can search the whole market, explain the costs and help with the paperwork. Ask any branch to introduce you; the introduction is free and there is no obligation.`;

const tenantInformation = `Renting through ${AGENCY_NAME} is straightforward and transparent. This page summarises what you can expect to pay and what happens at each stage.

## What you will pay

In England (Tenant Fees Act 2019) and Wales (Renting Homes (Fees etc.) (Wales) Act 2019) we can only ask for the payments the law allows:

- **Holding deposit:** no more than one week's rent, to reserve a property while references are taken. It counts towards your first month's rent or deposit.
- **Security deposit:** no more than five weeks' rent (where the annual rent is below £50,000), protected in a government-approved scheme.
- **Rent**, usually monthly in advance.
- **Changes to your tenancy** that you ask for: up to £50 including VAT.
- **Early termination** at your request: the landlord's loss and reasonable costs.
- **Lost keys or security devices:** the reasonable cost of replacement.
- **Late rent:** interest at 3% above the Bank of England base rate on rent more than 14 days overdue.

In Scotland, letting agents may not charge tenants any fees. Deposits are capped at two months' rent and lodged with an approved scheme.

## Referencing and right to rent

We check your identity, employment or income, and previous landlord references. In England, we must also check that every adult occupier has the right to rent.

## During your tenancy

We will give you a copy of the gas safety certificate, the electrical safety report, the EPC and the government's How to Rent guide (in England). Report repairs to us as soon as you notice them; for emergencies out of hours, call your branch number and follow the recorded message.

## At the end of the tenancy

We compare the property's condition with the check-in inventory, allowing for fair wear and tear, and agree any deductions with you before the deposit is returned. If you disagree, the deposit scheme offers free dispute resolution.`;

const landlords = `Whether you have one flat or a growing portfolio, our lettings teams find good tenants, keep you compliant and look after your property as if it were our own.

## Our services

- **Let only:** we market the property, conduct viewings, reference tenants, prepare the tenancy agreement and protect the deposit.
- **Rent collection:** everything in let only, plus monthly rent collection and statements.
- **Fully managed:** everything above, plus repairs, safety certificates, inspections and check-out.

## Staying compliant

Letting rules change often. We track gas safety certificates, electrical reports, EPCs, smoke and carbon monoxide alarms, deposit protection and, in Wales, Rent Smart Wales licensing, and we explain any changes that affect you.

## What is your property worth?

Book a free lettings valuation and a local specialist will visit, advise on the achievable rent and suggest simple improvements that could help it let faster.

Use our landlord enquiry form or call your nearest branch to get started.`;

const careers = `We are always pleased to hear from people who care about property and about service. Our teams in eight towns work across sales, lettings, new homes, commercial, agriculture, auctions, antiques and professional services.

## Why work with us

- Training and support towards Propertymark and RICS qualifications
- A friendly, local team with the backing of a wider business
- Competitive salary, commission and holiday that grows with service
- Enhanced family leave and a day off for volunteering

## Current opportunities

We recruit throughout the year for sales and lettings negotiators, property managers, administrators and chartered surveyors. If there is no vacancy listed that suits you, send us your CV anyway: we keep speculative applications on file for six months.

## How to apply

Complete the careers form with a short covering letter and attach your CV (PDF or Word, up to 10 MB). We will be in touch within two weeks.`;

const complaintsProcedure = `We aim to give every client and customer a good service. If something has gone wrong, please tell us so that we can put it right.

## Stage 1: tell the branch

Write to, email or call the manager of the branch that dealt with you. We will acknowledge your complaint within three working days and send a full written response within fifteen working days.

## Stage 2: the director's review

If you are not satisfied, ask for a review by our complaints director at complaints@${EMAIL_DOMAIN} or 14 Milsom Street, Bath BA1 1DE. A director who was not involved will review the complaint and send our final view within fifteen working days.

## Stage 3: The Property Ombudsman

If you remain dissatisfied, or we have not resolved the complaint within eight weeks, you can refer it to The Property Ombudsman (www.tpos.co.uk, Milford House, 43–55 Milford Street, Salisbury SP1 2BP) within twelve months of our final view. The service is free to consumers.`;

const landlordFees = `All fees include VAT at 20%.

## Let only

- 8% of the rent (9.6% including VAT) for the first term, collected from the first month's rent
- Referencing and right-to-rent checks: included
- Inventory and check-in: £180 (£216 including VAT)

## Rent collection

- 10% of the rent collected (12% including VAT) each month

## Fully managed

- 13% of the rent collected (15.6% including VAT) each month
- Deposit registration with the Deposit Protection Service: included
- Arranging works: 10% of the net cost of works over £1,000 (12% including VAT)

## Other charges

- Tenancy renewal: £125 (£150 including VAT)
- Gas safety certificate arranged: £75 (£90 including VAT) plus the engineer's charge
- Serving a notice: £75 (£90 including VAT)`;

const tenantFees = `Under the Tenant Fees Act 2019 we may charge tenants only the payments below. We charge no other fees.

## Before the tenancy

- **Holding deposit**: no more than one week's rent, to reserve a property. It is paid towards the first month's rent or the deposit, and returned within seven days if the landlord decides not to proceed.

## At the start of the tenancy

- **Rent**: as agreed, usually a month in advance.
- **Tenancy deposit**: no more than five weeks' rent where the annual rent is under £50,000, or six weeks' rent where it is £50,000 or more. We protect it with the Deposit Protection Service.

## During the tenancy

- **Changes you ask for**: £50 including VAT (or our reasonable costs if higher) to change the tenancy agreement.
- **Early termination** at your request: the landlord's loss and our reasonable costs, no more than the rent still due.
- **Utilities, council tax, TV licence and communications**: paid by the tenant unless the listing says bills are included.
- **Default fees**, only where the tenancy agreement says so: interest on rent more than 14 days late at 3% above the Bank of England base rate, and the reasonable cost of replacing lost keys or security devices.

Harbour & Vale is a member of The Property Ombudsman and of Propertymark Client Money Protection.`;

const cookiePolicy = `This site uses a small number of cookies.

## Cookies we always set

- **Session**: keeps you signed in and keeps the forms secure. It expires when you sign out or after a period without use.
- **Cookie preferences**: remembers the choice you made in the cookie banner.

## Cookies we set only with your consent

- **Analytics**: tells us how visitors use the site so that we can improve it. It is loaded only after you accept analytics cookies and removed if you withdraw consent.

You can change your choice at any time with the Cookie settings link at the foot of every page.`;

const clientMoneyProtection = `Harbour & Vale Property Services Limited is a member of the **Propertymark Client Money Protection** scheme, membership number C0012345.

The scheme protects rent, deposits and other money we hold on behalf of landlords and tenants if it is misappropriated.

- Scheme: Propertymark Client Money Protection
- Member: Harbour & Vale Property Services Limited
- Membership number: C0012345
- Certificate valid: 1 April 2026 to 31 March 2027

Our client accounts are held with a UK bank in designated client accounts, separate from the company's own money.`;

const aboutUs = `${AGENCY_NAME} is an independent estate agency with ${branchPlans.length} branches: ${branchPlans.map((branch) => branch.name).join(', ')}. We sell and let homes, new homes, commercial and agricultural property, and we run property and antiques auctions.

## What we believe

- **Local knowledge.** Every branch is run by people who live in the area and know its streets, schools and prices.
- **Straight answers.** We tell you what your home is worth, what we charge and how the sale or letting is going, in plain words.
- **Looking after people.** Buying, selling and renting are big decisions: we return calls the same day and keep you up to date.

## How we work

- A free valuation, in person or [online in a minute](/valuation), with our fees set out before you decide.
- Professional photographs, floor plans and an energy performance certificate for every listing, and the material information buyers and tenants need, from the first day on the market.
- Viewings accompanied by our own staff, and feedback after every viewing.
- For landlords: tenant finding, full management and deposits protected in a government-approved scheme.

## Regulation and memberships

We are members of The Property Ombudsman and of Propertymark Client Money Protection. Our [complaints procedure](/complaints-procedure), [fees for landlords](/landlord-fees) and [fees for tenants](/tenant-fees) are on this site.

## Talk to us

Find your nearest office on our [branches page](/branches), or call ${AGENCY_TELEPHONE}. We are always pleased to hear from people who would like to [work with us](/careers).`;

export function buildPages(now: Date): PageRow[] {
  const entries: Array<[string, string, string]> = [
    ['terms-of-use', 'Terms of use', termsOfUse],
    ['privacy-policy', 'Privacy policy', privacyPolicy],
    ['mortgages', 'A guide to mortgages', mortgageGuide],
    ['tenant-information', 'Information for tenants', tenantInformation],
    ['landlords', 'Landlord services', landlords],
    ['careers', 'Careers at Harbour & Vale', careers],
    ['complaints-procedure', 'Complaints procedure', complaintsProcedure],
    ['landlord-fees', 'Fees for landlords', landlordFees],
    ['tenant-fees', 'Fees for tenants', tenantFees],
    ['cookie-policy', 'Cookie policy', cookiePolicy],
    ['client-money-protection', 'Client money protection certificate', clientMoneyProtection],
    ['about-us', `About ${AGENCY_NAME}`, aboutUs],
  ];
  return entries.map(([slug, title, bodyMarkdown], index) => ({
    id: index + 1,
    slug,
    title,
    bodyMarkdown,
    updatedAt: now,
  }));
}

// ---------------------------------------------------------------------------------------------------------
// Custom forms

const contactFields: FormElement[] = [
  { fieldName: 'name', friendlyName: 'Name', required: true, inputType: 'text', fieldPosition: 'half' },
  { fieldName: 'email', friendlyName: 'Email', required: true, inputType: 'email', fieldPosition: 'half' },
  { fieldName: 'phone', friendlyName: 'Phone', required: true, inputType: 'tel', fieldPosition: 'half' },
];

export function buildFormDefinitions(): FormDefinitionRow[] {
  return [
    {
      id: 1,
      slug: 'landlord-enquiry',
      title: 'Landlord enquiry',
      para: 'Tell us about your property and one of our lettings specialists will contact you within one working day.',
      gaName: 'landlord_enquiry',
      submitButtonText: 'Send enquiry',
      htmlFormId: 'landlord-enquiry-form',
      formElements: [
        ...contactFields,
        {
          fieldName: 'property_address',
          friendlyName: 'Property address',
          required: true,
          inputType: 'textarea',
          fieldPosition: 'full',
        },
        {
          fieldName: 'number_of_properties',
          friendlyName: 'Number of properties',
          required: true,
          inputType: 'select',
          fieldPosition: 'half',
          options: ['1', '2 to 5', '6 to 10', 'More than 10'],
        },
        {
          fieldName: 'message',
          friendlyName: 'Message',
          required: false,
          inputType: 'textarea',
          fieldPosition: 'full',
        },
      ],
      recipientEmail: `lettings@${EMAIL_DOMAIN}`,
      isActive: true,
    },
    {
      id: 2,
      slug: 'careers',
      title: 'Careers',
      para: 'Apply to join Harbour & Vale. Attach your CV (maximum 10 MB) and tell us which role interests you.',
      gaName: 'careers_application',
      submitButtonText: 'Send application',
      htmlFormId: 'careers-form',
      formElements: [
        ...contactFields,
        {
          fieldName: 'role',
          friendlyName: 'Role you are applying for',
          required: true,
          inputType: 'text',
          fieldPosition: 'half',
        },
        {
          fieldName: 'cover_letter',
          friendlyName: 'Cover letter',
          required: true,
          inputType: 'textarea',
          fieldPosition: 'full',
        },
        { fieldName: 'cv', friendlyName: 'CV', required: true, inputType: 'file', fieldPosition: 'full' },
      ],
      recipientEmail: `careers@${EMAIL_DOMAIN}`,
      isActive: true,
    },
    // The new-homes enquiry ('Register your interest', spec point 3): stored as a 'new-homes' lead and routed to
    // the branch's new-homes department (app/features/forms/new-homes.server.ts); recipientEmail is the fallback.
    {
      id: 3,
      slug: 'new-homes-enquiry',
      title: 'Register your interest',
      para: 'Register your interest in this development and our New Homes team will send you details of plots, prices and show home opening times.',
      gaName: 'new_homes_enquiry',
      submitButtonText: 'Register interest',
      htmlFormId: 'new-homes-enquiry-form',
      formElements: [
        {
          fieldName: 'development_of_interest',
          friendlyName: 'Development of interest',
          required: false,
          inputType: 'text',
          fieldPosition: 'full',
          disabled: true,
        },
        {
          fieldName: 'development_id',
          friendlyName: 'Development',
          required: false,
          inputType: 'text',
          fieldPosition: 'full',
          hidden: true,
        },
        {
          fieldName: 'first_name',
          friendlyName: 'First name',
          required: true,
          inputType: 'text',
          fieldPosition: 'half',
        },
        { fieldName: 'last_name', friendlyName: 'Last name', required: true, inputType: 'text', fieldPosition: 'half' },
        { fieldName: 'email', friendlyName: 'Email', required: true, inputType: 'email', fieldPosition: 'half' },
        { fieldName: 'phone', friendlyName: 'Phone number', required: true, inputType: 'tel', fieldPosition: 'half' },
        {
          fieldName: 'current_home_address',
          friendlyName: 'Current home address',
          required: false,
          inputType: 'text',
          fieldPosition: 'full',
        },
        {
          fieldName: 'message',
          friendlyName: 'Message',
          required: false,
          inputType: 'textarea',
          fieldPosition: 'full',
        },
      ],
      recipientEmail: `newhomes@${EMAIL_DOMAIN}`,
      isActive: true,
    },
  ];
}
