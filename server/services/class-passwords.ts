// Class passwords for new students: two short common words and two digits ("kite-moon-47"),
// which a 7-year-old can read and type. 140 words, 140 x 140 x 90 = 1,764,000 possible values
// (about 20.7 bits): with the sign-in throttles (server/services/rate-limit.ts) guessing one
// child's password takes years. Drawn with the operating system's CSPRNG. The demo seed keeps
// its own older, shorter passwords (DEMO_DATA.md fixes them); nothing else uses those.
import { randomInt } from 'node:crypto';

export const CLASS_PASSWORD_WORDS = [
  'kite', 'moon', 'star', 'leaf', 'frog', 'bear', 'wave', 'rock', 'fern', 'lime', 'owl', 'fox', 'sun', 'rain',
  'cake', 'drum', 'bell', 'ship', 'tree', 'bird', 'lamp', 'boat', 'snow', 'corn', 'ant', 'bee', 'cat', 'dog',
  'cow', 'pig', 'hen', 'duck', 'fish', 'crab', 'seal', 'goat', 'lion', 'wolf', 'deer', 'mole', 'yak', 'pony',
  'lamb', 'nut', 'pea', 'bean', 'plum', 'pear', 'fig', 'jam', 'pie', 'egg', 'milk', 'bun', 'rice', 'hat', 'cap',
  'sock', 'shoe', 'coat', 'bag', 'box', 'cup', 'pot', 'pan', 'jar', 'key', 'bus', 'car', 'van', 'sled', 'bike',
  'train', 'hill', 'lake', 'pond', 'sea', 'sand', 'mud', 'log', 'nest', 'cave', 'red', 'blue', 'pink', 'gold',
  'ball', 'toy', 'doll', 'game', 'book', 'pen', 'ink', 'map', 'rose', 'lily', 'tulip', 'seed', 'root', 'cloud',
  'storm', 'wind', 'ice', 'fire', 'king', 'queen', 'frost', 'apple', 'lemon', 'melon', 'grape', 'tiger',
  'zebra', 'panda', 'koala', 'robin', 'swan', 'glow', 'jump', 'hop', 'skip', 'bread', 'honey', 'sugar', 'tent',
  'rope', 'mint', 'oak', 'pine', 'palm', 'horn', 'tail', 'wing', 'paw', 'band', 'song', 'tune', 'coin', 'gem',
  'ring',
] as const;

/** Two digits, 10 to 99: no leading zero for a child to wonder about. */
const DIGITS = { min: 10, max: 100 };

/** How many different passwords `newClassPassword` can make. */
export const CLASS_PASSWORD_SPACE = CLASS_PASSWORD_WORDS.length ** 2 * (DIGITS.max - DIGITS.min);

export const CLASS_PASSWORD_FORMAT = /^[a-z]{3,5}-[a-z]{3,5}-[1-9][0-9]$/;

export function newClassPassword(): string {
  const word = () => CLASS_PASSWORD_WORDS[randomInt(CLASS_PASSWORD_WORDS.length)]!;
  return `${word()}-${word()}-${randomInt(DIGITS.min, DIGITS.max)}`;
}
