/**
 * Types that refuse, at compile time, an int64 written as a number literal past 2^53 - 1: such a
 * literal is rounded by JavaScript before anything is sent (`9007199254740993` is the double
 * 9007199254740992), so the only exact way to send it is decimal text. TypeScript keeps the double
 * a literal rounds to, so the literal type's text (`${N}`) is compared with 2^53 - 1's digits. A
 * value typed `number` (not a literal) cannot be checked here; the server refuses it if unsafe.
 */

/** The digits of 2^53 - 1, the largest integer below which a double holds every integer. */
type MaxSafeDigits = '9007199254740991';
type DigitOrder = '0123456789';

type Length<Text extends string, Counted extends unknown[] = []> = Text extends `${string}${infer Rest}`
  ? Length<Rest, [...Counted, 0]>
  : Counted['length'];

/** Whether digits A are greater than digits B of the same length. */
type Greater<A extends string, B extends string> = A extends `${infer FirstA}${infer RestA}`
  ? B extends `${infer FirstB}${infer RestB}`
    ? FirstA extends FirstB
      ? Greater<RestA, RestB>
      : DigitOrder extends `${string}${FirstB}${string}${FirstA}${string}`
        ? true
        : false
    : false
  : false;

/** A number's text from 1e21 up is in exponent form; below, up to 21 digits. */
type UnsafeMagnitude<Text extends string> = Text extends `${string}e${string}`
  ? true
  : Text extends `${string}.${string}`
    ? false
    : Length<Text> extends 17 | 18 | 19 | 20 | 21
      ? true
      : Length<Text> extends 16
        ? Greater<Text, MaxSafeDigits>
        : false;

export type IsUnsafeIntegerLiteral<N extends number> = number extends N
  ? false
  : `${N}` extends `-${infer Digits}`
    ? UnsafeMagnitude<Digits>
    : UnsafeMagnitude<`${N}`>;

/** What the compiler says of such a literal, as the type it expected. */
export type UnsafeNumberMessage = 'a number past 2^53 - 1 is rounded before it is sent: send it as decimal text';

/** An int64 value's type as checked: an unsafe number literal becomes the message, anything else stays. */
export type SafeInt64<Value> = Value extends number ? (IsUnsafeIntegerLiteral<Value> extends true ? UnsafeNumberMessage : Value) : Value;
