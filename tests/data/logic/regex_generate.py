"""Oracle corpus for logic.regular_expression.dfa.compute: random regular
expressions over {a, b, c} and, for each, the words of length <= 6 that
Python's re.fullmatch accepts. Run: python3 regex_generate.py > regex.json"""
import itertools, json, random, re

r = random.Random(41)

def gen(depth):
    if depth == 0 or r.random() < 0.3:
        return r.choice(["a", "b", "c", "[ab]", "[^a]", ".", "()"])
    k = r.random()
    if k < 0.35:
        return gen(depth - 1) + gen(depth - 1)
    if k < 0.6:
        return "(" + gen(depth - 1) + "|" + gen(depth - 1) + ")"
    inner = gen(depth - 1)
    if len(inner) > 1:
        inner = "(" + inner + ")"
    return inner + r.choice(["*", "+", "?", "{2}", "{1,3}", "{2,}", "{0,1}"])

words = [""] + ["".join(w) for n in range(1, 7) for w in itertools.product("abc", repeat=n)]
cases = []
seen = set()
while len(cases) < 80:
    text = gen(4)
    if text in seen:
        continue
    seen.add(text)
    cases.append({"regex": text, "matches": [w for w in words if re.fullmatch(text, w)]})
print(json.dumps({"alphabet": "abc", "max_length": 6, "cases": cases}, indent=0))
