/** The symbols grid (spec 2 §2.6): characters issuers reach for and rarely find on a keyboard. */
export const SYMBOLS: readonly { char: string; name: string }[] = [
  ['©', 'Copyright'], ['®', 'Registered'], ['™', 'Trade mark'], ['§', 'Section'], ['¶', 'Pilcrow'], ['†', 'Dagger'],
  ['‡', 'Double dagger'], ['•', 'Bullet'], ['·', 'Middle dot'], ['…', 'Ellipsis'], ['–', 'En dash'], ['—', 'Em dash'],
  ['‘', 'Left single quote'], ['’', 'Right single quote'], ['“', 'Left double quote'], ['”', 'Right double quote'], ['«', 'Left guillemet'], ['»', 'Right guillemet'],
  ['€', 'Euro'], ['£', 'Pound'], ['¥', 'Yen'], ['¢', 'Cent'], ['₹', 'Rupee'], ['₽', 'Rouble'],
  ['°', 'Degree'], ['±', 'Plus or minus'], ['×', 'Multiplication'], ['÷', 'Division'], ['≈', 'Almost equal'], ['≠', 'Not equal'],
  ['≤', 'Less or equal'], ['≥', 'Greater or equal'], ['∞', 'Infinity'], ['√', 'Square root'], ['π', 'Pi'], ['µ', 'Micro'],
  ['½', 'One half'], ['⅓', 'One third'], ['¼', 'One quarter'], ['¾', 'Three quarters'], ['¹', 'Superscript one'], ['²', 'Superscript two'],
  ['³', 'Superscript three'], ['‰', 'Per mille'], ['←', 'Left arrow'], ['→', 'Right arrow'], ['↑', 'Up arrow'], ['↓', 'Down arrow'],
  ['↔', 'Left right arrow'], ['✓', 'Check mark'], ['✗', 'Ballot x'], ['★', 'Black star'], ['☆', 'White star'], ['♥', 'Heart'],
  ['♦', 'Diamond'], ['♣', 'Club'], ['♠', 'Spade'], ['☎', 'Telephone'], ['✉', 'Envelope'], ['☀', 'Sun'],
].map(([char, name]) => ({ char: char!, name: name! }));
