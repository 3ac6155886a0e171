/**
 * English's irregular verbs as `base past participle` (several forms of one: `a|b`). Their
 * past forms are other words to a stemmer (Porter2 keeps "threw" and "throw" apart), so a
 * question's "threw" does not find a page's "throws". Only verbs whose forms differ from
 * the base; the common ones of everyday and technical English.
 */
const VERBS = `arise arose arisen
awake awoke awoken
be was|were been
bear bore borne|born
beat beat beaten
become became become
begin began begun
bend bent bent
bind bound bound
bite bit bitten
bleed bled bled
blow blew blown
break broke broken
breed bred bred
bring brought brought
build built built
burn burnt burnt
buy bought bought
catch caught caught
choose chose chosen
cling clung clung
come came come
creep crept crept
deal dealt dealt
dig dug dug
do did done
draw drew drawn
dream dreamt dreamt
drink drank drunk
drive drove driven
eat ate eaten
fall fell fallen
feed fed fed
feel felt felt
fight fought fought
find found found
flee fled fled
fling flung flung
fly flew flown
forbid forbade forbidden
forget forgot forgotten
forgive forgave forgiven
freeze froze frozen
get got gotten
give gave given
go went gone
grind ground ground
grow grew grown
hang hung hung
have had had
hear heard heard
hide hid hidden
hold held held
keep kept kept
kneel knelt knelt
know knew known
lay laid laid
lead led led
lean leant leant
leap leapt leapt
learn learnt learnt
leave left left
lend lent lent
lie lay lain
light lit lit
lose lost lost
make made made
mean meant meant
meet met met
mistake mistook mistaken
overcome overcame overcome
override overrode overridden
overwrite overwrote overwritten
pay paid paid
prove proved proven
rebuild rebuilt rebuilt
redo redid redone
rewrite rewrote rewritten
ride rode ridden
ring rang rung
rise rose risen
run ran run
say said said
see saw seen
seek sought sought
sell sold sold
send sent sent
sew sewed sewn
shake shook shaken
shine shone shone
shoot shot shot
show showed shown
shrink shrank shrunk
sing sang sung
sink sank sunk
sit sat sat
slay slew slain
sleep slept slept
slide slid slid
sling slung slung
smell smelt smelt
speak spoke spoken
speed sped sped
spell spelt spelt
spend spent spent
spill spilt spilt
spin spun spun
spit spat spat
spoil spoilt spoilt
spring sprang sprung
stand stood stood
steal stole stolen
stick stuck stuck
sting stung stung
stink stank stunk
stride strode stridden
strike struck struck
string strung strung
strive strove striven
swear swore sworn
sweep swept swept
swell swelled swollen
swim swam swum
swing swung swung
take took taken
teach taught taught
tear tore torn
tell told told
think thought thought
throw threw thrown
tread trod trodden
understand understood understood
undo undid undone
unwind unwound unwound
uphold upheld upheld
wake woke woken
wear wore worn
weave wove woven
weep wept wept
win won won
wind wound wound
withdraw withdrew withdrawn
withhold withheld withheld
wring wrung wrung
write wrote written`;

/** Each irregular form → its verb's base form (the first listed, for a form of two verbs). */
const BASE_FORMS: ReadonlyMap<string, string> = new Map(
  VERBS.split('\n')
    .flatMap((line) => {
      const [base, ...forms] = line.split(' ');
      return forms
        .flatMap((form) => form.split('|'))
        .filter((form) => form !== base)
        .map((form) => [form, base as string] as const);
    })
    .reverse(),
);

/**
 * The base form of an irregular verb's past or participle (lower-case), or `undefined`:
 * "threw" → "throw", "written" → "write", "ran" → "run". A form of two verbs ("lay":
 * lie, lay; "found": find, found) is read as the first listed.
 *
 * @example
 * baseFormOf('grew') // 'grow'
 * baseFormOf('grows') // undefined: regular, the stemmer's business
 */
export function baseFormOf(word: string): string | undefined {
  return BASE_FORMS.get(word);
}
