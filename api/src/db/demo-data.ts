/** Demo content, seeded only in demo mode (see seed.ts). Fixed ids so the demo is the same everywhere. */

export interface DemoUser {
  username: string;
  password: string;
  name: string;
  email: string;
  roles: string[];
}

/** docs/ARCHITECTURE.md: demo users, passwords and rights (through their roles). */
export const DEMO_USERS: DemoUser[] = [
  { username: 'admin', password: 'admin-demo', name: 'Alex Admin', email: 'admin@newsdesk.example', roles: ['admin'] },
  { username: 'editor', password: 'editor-demo', name: 'Erin Editor', email: 'editor@newsdesk.example', roles: ['editor'] },
  { username: 'approver', password: 'approver-demo', name: 'Avery Approver', email: 'approver@newsdesk.example', roles: ['approver'] },
  { username: 'submitter', password: 'submitter-demo', name: 'Sam Submitter', email: 'submitter@newsdesk.example', roles: ['submitter'] },
];

export interface DemoCategory {
  id: number;
  title: string;
  alias: string;
  colour: string;
  children?: DemoCategory[];
}

/** A demo category; its alias is its title in lower case, other characters as one hyphen ("Food & Drink" → "food-drink"). */
function category(id: number, title: string, colour: string, children?: DemoCategory[]): DemoCategory {
  const alias = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return children ? { id, title, alias, colour, children } : { id, title, alias, colour };
}

/**
 * Id 8 is the root ("Portal"). Its children are the main sections; 804 ("Local") is the second
 * main parent: its children count as main categories too (spec section 4).
 */
export const DEMO_CATEGORY_TREE: DemoCategory = category(8, 'Portal', '#595959', [
  category(100, 'News', '#1677ff', [
    category(101, 'World', '#4096ff', [
      category(102, 'Europe', '#69b1ff'),
      category(103, 'Americas', '#69b1ff'),
      category(104, 'Asia-Pacific', '#69b1ff'),
      category(105, 'Africa', '#69b1ff'),
    ]),
    category(106, 'Politics', '#0958d9', [category(107, 'Elections', '#4096ff'), category(108, 'Parliament', '#4096ff')]),
    category(109, 'Science', '#13c2c2'),
    category(110, 'Health', '#36cfc9'),
  ]),
  category(200, 'Sport', '#52c41a', [
    category(201, 'Football', '#389e0d', [category(202, 'Premier League', '#73d13d'), category(203, 'Champions League', '#73d13d')]),
    category(204, 'Tennis', '#95de64'),
    category(205, 'Cricket', '#95de64'),
    category(206, 'Motorsport', '#389e0d', [category(207, 'Formula 1', '#73d13d'), category(208, 'MotoGP', '#73d13d')]),
  ]),
  category(300, 'Business', '#fa8c16', [
    category(301, 'Markets', '#d46b08', [category(302, 'Stocks', '#ffa940'), category(303, 'Currencies', '#ffa940')]),
    category(304, 'Economy', '#ffc069'),
    category(305, 'Technology', '#d46b08', [category(306, 'Startups', '#ffa940'), category(307, 'Gadgets', '#ffa940')]),
    category(308, 'Property', '#ffc069'),
  ]),
  category(400, 'Lifestyle', '#eb2f96', [
    category(401, 'Food & Drink', '#c41d7f', [category(402, 'Recipes', '#f759ab'), category(403, 'Restaurants', '#f759ab')]),
    category(404, 'Travel', '#ff85c0'),
    category(405, 'Fashion', '#ff85c0'),
    category(406, 'Arts & Culture', '#c41d7f', [
      category(407, 'Film', '#f759ab'),
      category(408, 'Music', '#f759ab'),
      category(409, 'Books', '#f759ab'),
    ]),
  ]),
  category(804, 'Local', '#722ed1', [
    category(805, 'City', '#9254de', [category(806, 'Council', '#b37feb'), category(807, 'Transport', '#b37feb')]),
    category(808, 'Northern Region', '#9254de'),
    category(809, 'Coast', '#9254de'),
  ]),
]);

/** [title, category id] of the demo articles (ids 1..n in this order). */
export const DEMO_ARTICLES: Array<[string, number]> = [
  ['European leaders agree on joint energy storage plan', 102],
  ['Record turnout expected as polls open across the country', 107],
  ['Parliament passes revised data protection bill', 108],
  ['Astronomers spot water vapour on a distant exoplanet', 109],
  ['New guidelines cut recommended daily sugar intake', 110],
  ['Trade talks resume between Pacific partners', 104],
  ['Drought pushes grain prices to a five-year high', 105],
  ['Americas summit ends with climate finance pledge', 103],
  ['City retains title after dramatic final-day win', 202],
  ['Late equaliser keeps Champions League hopes alive', 203],
  ['Veteran reaches first grand slam final in six years', 204],
  ['Spin twins bowl hosts to series victory', 205],
  ['Rookie takes pole position in wet qualifying', 207],
  ['Championship leader crashes out at home round', 208],
  ['Transfer window closes with record spending', 201],
  ['Shares rally as inflation cools faster than forecast', 302],
  ['Currency markets steady ahead of rate decision', 303],
  ['Unemployment falls to lowest level in a decade', 304],
  ['Local robotics startup raises series B funding', 306],
  ['Hands-on with the foldable phone everyone is talking about', 307],
  ['House prices flatten as mortgage rates climb', 308],
  ['Chip makers warn of supply squeeze into next year', 305],
  ['Small businesses turn to four-day weeks', 304],
  ['Five weeknight dinners ready in twenty minutes', 402],
  ['The neighbourhood bistro reinventing comfort food', 403],
  ['Slow travel: crossing the Alps by regional train', 404],
  ['Autumn runway trends go back to the nineties', 405],
  ['Festival favourite lands surprise distribution deal', 407],
  ['Orchestra announces free summer concerts in the park', 408],
  ['Debut novel tops the bestseller list in its first week', 409],
  ['Council approves budget for new library wing', 806],
  ['Night buses return to the city centre next month', 807],
  ['Northern farmers count the cost of late frosts', 808],
  ['Coastal path reopens after storm repairs', 809],
  ['City hall unveils plan for car-free Sundays', 805],
  ['Election debate: what the candidates promised', 107],
  ['Opposition demands inquiry into procurement deals', 106],
  ['Hospital waiting lists shorten for the third month', 110],
  ['Researchers map the deepest cave system in Europe', 102],
  ['Ceasefire talks continue as aid convoys arrive', 101],
  ['Cup upset: part-timers knock out league leaders', 201],
  ['Young batter hits century on test debut', 205],
  ['Team principal defends controversial strategy call', 207],
  ['Grass-court season preview: who can stop the champion?', 204],
  ['Retail sales beat expectations in the holiday quarter', 304],
  ['Tech giant faces fresh antitrust complaint', 305],
  ['Pension funds shift towards green bonds', 301],
  ['First-home buyers get stamp duty relief', 308],
  ['Sourdough without the fuss: a beginner guide', 402],
  ['Hidden gems of the southern islands', 404],
  ['Museum reopens with a blockbuster retrospective', 406],
  ['Streaming service orders second season of local drama', 407],
  ['Vinyl sales keep climbing for the tenth year', 408],
  ['Cycle lane extension divides residents', 807],
  ['Harbour festival draws record crowds', 809],
  ['Regional hospital gets new emergency wing', 808],
  ['Lawmakers debate lowering the voting age', 108],
  ['Vaccine trial shows promise against seasonal flu', 110],
  ['Electric ferry enters service on the coast route', 809],
  ['Quarterly earnings: what to watch this week', 302],
];

/** How many demo articles the seed creates: the 60 above, then generated ones (seed-articles.ts). */
export const DEMO_ARTICLE_COUNT = 300;

/** Bylines (table authors, spec "Author"), ids 1..n. */
export const DEMO_AUTHORS: Array<{ name: string; position: string }> = [
  { name: 'Maya Lindqvist', position: 'Political correspondent' },
  { name: 'Tom Okafor', position: 'Chief sports writer' },
  { name: 'Priya Raman', position: 'Business editor' },
  { name: 'Lucas Moreau', position: 'Europe correspondent' },
  { name: 'Hannah Brooks', position: 'Health reporter' },
  { name: 'Diego Alvarez', position: 'Football reporter' },
  { name: 'Aiko Tanaka', position: 'Technology reporter' },
  { name: 'Grace Whitfield', position: 'Food and travel writer' },
  { name: 'Samuel Adeyemi', position: 'Arts critic' },
  { name: 'Nora Fitzgerald', position: 'Local affairs reporter' },
  { name: 'Ben Carter', position: 'Markets reporter' },
  { name: 'Elena Petrova', position: 'Science writer' },
];

/** Ads (table ads, spec "Ad"), ids 1..n: the editor adds them to articles by numeric id (seed version 3). */
export const DEMO_ADS: Array<{ subject: string; body: string; image: string | null; image_url: string | null }> = [
  {
    subject: 'Harbour Ferries: ride all week',
    body: 'Seven days of unlimited ferry rides for the price of three.',
    image: 'ferry-pass.png',
    image_url: 'https://ads.newsdesk.example/ferry-pass.png',
  },
  {
    subject: 'City Theatre season tickets',
    body: 'Six premieres, one ticket. Subscribers save 30 percent.',
    image: 'theatre.png',
    image_url: 'https://ads.newsdesk.example/theatre.png',
  },
  { subject: 'Newsdesk Premium', body: 'Every story, no limits. First month free.', image: null, image_url: null },
];

/** Tags (table tags), ids 1..n. */
export const DEMO_TAGS: string[] = [
  'analysis',
  'breaking',
  'climate',
  'elections',
  'explainer',
  'exclusive',
  'interview',
  'live',
  'opinion',
  'review',
  'transport',
  'weekend',
  'health',
  'technology',
  'community',
];

/**
 * Headline templates per main section (the child of 8 it belongs to); `{x}` takes one of the fillers.
 * The generated demo articles pick a category inside the section, so titles fit their category.
 */
export const DEMO_HEADLINES: Record<number, { templates: string[]; fillers: string[] }> = {
  100: {
    templates: [
      'Ministers under pressure over {x}',
      'Report warns of rising {x} costs',
      'Inquiry opens into {x}',
      'New figures show sharp rise in {x} complaints',
      'Experts divided on {x} proposals',
      'Government unveils ten-year {x} strategy',
      'Protesters rally against {x} changes',
      'What the {x} plan means for you',
      'Cross-party talks on {x} stall',
      'Researchers welcome {x} funding boost',
    ],
    fillers: [
      'housing',
      'energy',
      'water quality',
      'public transport',
      'school funding',
      'flood defence',
      'online safety',
      'childcare',
      'air pollution',
      'rural broadband',
      'prison reform',
      'coastal erosion',
    ],
  },
  200: {
    templates: [
      '{x}: five things we learned this weekend',
      'Injury blow for {x} ahead of the final',
      'Coach signs new three-year deal with {x}',
      '{x} fight back to snatch a late win',
      'Record crowd watches {x} in the derby',
      'Fans react as {x} miss out on the title',
      'Young star shines for {x} on debut',
      '{x} name a new captain for the season',
      'Season preview: can {x} go one better?',
      '{x} suffer first home defeat in a year',
    ],
    fillers: [
      'Harbour City',
      'Northside Rovers',
      'Valley United',
      'the Tigers',
      'the national side',
      'Eastbridge',
      'Westfield Athletic',
      'the Falcons',
      'Riverside',
      'the Kingfishers',
      'Port Albany',
      'the Harriers',
    ],
  },
  300: {
    templates: [
      '{x} shares slide after profit warning',
      '{x} to cut 200 jobs in restructuring',
      '{x} reports record quarterly profit',
      'Regulator fines {x} over pricing',
      '{x} unveils expansion plans',
      'Investors cheer {x} merger talks',
      '{x} chief executive steps down',
      '{x} bets big on artificial intelligence',
      'Union and {x} reach pay agreement',
      '{x} opens new regional headquarters',
    ],
    fillers: [
      'Northwind Energy',
      'Bluegate Bank',
      'Harbour Logistics',
      'Kestrel Airlines',
      'Summit Foods',
      'Orbital Telecom',
      'Greenfield Homes',
      'Atlas Mining',
      'Pioneer Motors',
      'Lumen Software',
      'Copperleaf Retail',
      'Meridian Insurance',
    ],
  },
  400: {
    templates: [
      'The best {x} to try this season',
      'A beginner guide to {x}',
      'Why everyone is talking about {x}',
      '{x}: our critic gives the verdict',
      'How to make the most of {x}',
      'Ten {x} worth the trip',
      'Inside the revival of {x}',
      '{x} on a budget',
      'The people behind the city {x}',
      'Our pick of {x} this weekend',
    ],
    fillers: [
      'winter soups',
      'weekend markets',
      'street food',
      'city breaks',
      'jazz clubs',
      'independent bookshops',
      'vintage fashion',
      'open-air cinema',
      'mountain huts',
      'natural wines',
      'house plants',
      'board games',
    ],
  },
  804: {
    templates: [
      'Residents rally to save {x}',
      'Council consults on the future of {x}',
      'Volunteers restore {x}',
      'Plans approved for {x}',
      'Delays hit repair works at {x}',
      'New opening hours for {x}',
      'Funding secured for {x}',
      'Police appeal after damage at {x}',
      'Traffic changes planned around {x}',
      'Open day draws crowds to {x}',
    ],
    fillers: [
      'the old town hall',
      'Riverside Park',
      'the harbour wall',
      'the community pool',
      'the Mill Street bridge',
      'the night market',
      'the village green',
      'the coastal path',
      'St Mary school',
      'the central library',
      'the bus station',
      'the lighthouse',
    ],
  },
};

/** Sentences for the generated intros and bodies. */
export const DEMO_SENTENCES: string[] = [
  'Officials said more details would be published later this week.',
  'The announcement was welcomed by local groups, though some questioned the timing.',
  'Critics argue the change comes too late to make a difference this year.',
  'Supporters say the decision will pay for itself within a decade.',
  'A spokesperson declined to comment on the figures before the final report.',
  'The move follows months of negotiation behind closed doors.',
  'Residents have until the end of the month to respond to the consultation.',
  'Analysts expect the effect to be felt most in the coming quarter.',
  'It is the first change of its kind in more than twenty years.',
  'Organisers said demand had far exceeded their expectations.',
  'The full list of measures is expected to be confirmed in the spring.',
  'Several people who attended described the atmosphere as electric.',
];
