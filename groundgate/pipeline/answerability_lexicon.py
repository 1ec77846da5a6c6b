"""The words answerability reads (pipeline/answerability.py): the attributes a question asks
for (the cue in the question, the form of a value in the evidence), the words that neither
name a subject nor an attribute, common English verbs, and the Chinese/English names of measured
things (a term is found in either language). Language data, not per-question rules: nothing here
names a document's subject.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Attribute:
    name: str
    cue: re.Pattern[str]  # in the question: it asks for this attribute
    value: re.Pattern[str]  # in an evidence sentence: a value of it


def _re(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.I | re.X)


ZH_NUM = r"[\d一二两三四五六七八九十百千万〇零]"
# The first attribute whose cue matches is the one asked (most specific first).
ATTRIBUTES: tuple[Attribute, ...] = (
    # The kind of thing the answer names: "which company/law/city" needs a name of that kind.
    Attribute(
        "company",
        _re(
            r"\bwhich\s+(?:company|firm|manufacturer|vendor|supplier)\b|哪家公司|哪个公司|哪家企业|哪个厂"
        ),
        _re(r"\b(?:inc|ltd|llc|gmbh|corp|corporation|company|co)\b\.?|公司|集团|企业|厂"),
    ),
    Attribute(
        "law",
        _re(
            r"\bwhich\s+(?:law|act|regulation|statute|article)\b|哪部法律?|哪条法律?|哪一条|哪项规定|什么法律?"
        ),
        _re(
            r"《[^》]*(?:法|条例|规定|办法)》|第[一二三四五六七八九十百零〇\d]+条|\b(?:act|law|regulation)\b"
        ),
    ),
    Attribute(
        "who",
        _re(r"^\s*who\b|\bwho\s+(?:is|was|are|were|did|does)\b|是谁|谁是|由谁|哪位"),
        # A name: two or more capitalised words in a row ("National Science Foundation"), or a
        # Chinese organisation (answerability also requires it to be more than the question's
        # own words: "Pump Station Maintenance Manual" names no one for "who made the pump?").
        re.compile(
            r"\b[A-Z][\w’'.-]*(?:\s+(?:of\s+|the\s+|and\s+|&\s+)?[A-Z][\w’'.-]*)+"
            r"|[\u4e00-\u9fff]{2,12}(?:公司|集团|局|委员会|政府|大学|研究院|研究所|中心)"
        ),
    ),
    Attribute(
        "city",
        _re(
            r"\bwhich\s+(?:city|town|country|province|state)\b|哪个城市|哪座城市|哪个市|哪个省|哪个国家"
        ),
        _re(r"(?<![全本该各每])[\u4e00-\u9fff]{1,5}[市省县国]|\b[A-Z][a-z]+,\s+[A-Z][a-z]+"),
    ),
    Attribute(
        "page",
        _re(r"\bwhich\s+page\b|\bwhat\s+page\b|\bpage\s+number\b|第几页|哪一?页|多少页|页码"),
        _re(r"\d|[０-９]|第" + ZH_NUM + r"+页"),
    ),
    Attribute(
        "money",
        _re(
            r"\b(?:cost|costs|price|prices|priced|pay|paid|fee|fees|sell|sells|worth|profit|"
            r"revenue|salary|fined)\b|\bthe\s+fine\b"
            r"|多少钱|价格|价钱|售价|金额|费用|利润|收入"
        ),
        _re(
            r"[$€£¥]\s?\d|\d\s*(?:元|万元|亿元|美元|dollars?|usd|eur|euros?|cents?)\b|"
            r"\d\s*(?:元|万元|亿元|美元)|人民币\s*" + ZH_NUM
        ),
    ),
    Attribute(
        "temperature",
        _re(
            r"\b(?:temperature|how\s+(?:hot|cold|warm)|hotter|hottest|colder|coldest|boiling|melting|"
            r"freezing|degrees?|celsius|fahrenheit)\b|温度|多热|多冷|沸点|熔点|摄氏|华氏"
        ),
        _re(r"\d\s*(?:°\s*[CF]?|℃|℉|degrees?|[CF]\b)|" + ZH_NUM + r"+\s*(?:度|℃)"),
    ),
    Attribute(
        "pressure",
        _re(r"\bpressure\b|压力|压强"),
        _re(r"\d\s*(?:bar|kpa|mpa|hpa|pa|psi|atm)\b|\d\s*(?:帕|兆帕|千帕|巴)"),
    ),
    Attribute(
        "frequency",
        _re(
            r"\bhow\s+(?:often|frequently)\b|\bfrequency\b|\bevery\s+how\s+many\b|"
            r"多久一次|多长时间一次|频率|频次|多久.{0,6}一次|每隔多"
        ),
        _re(
            r"\bevery\b|\bonce\b|\btwice\b|\bper\s+(?:day|week|month|year|hour)\b|"
            r"\b(?:daily|weekly|monthly|annually|yearly|hourly)\b|每"
        ),
    ),
    Attribute(
        "share",
        _re(
            r"\bpercent(?:age)?\b|\bshare\s+of\b|\bproportion\b|\bratio\b|\bwhat\s+fraction\b|"
            r"百分之|比例|比率|占比|百分比|[^\s]率(?:是|为|有)?多少"
        ),
        _re(r"\d\s*%|百分之|\d\s*percent|\d\s*个百分点|\d\s*成"),
    ),
    Attribute(
        "date",
        _re(
            r"\bwhat\s+(?:date|day|year|month|time)\b|\bwhich\s+(?:date|day|year|month)\b|"
            r"\bwhen\s+(?:was|were|did|is\s+the\s+deadline)\b|\bdeadline\b|\bin\s+what\s+year\b|"
            r"什么时候|何时|哪天|哪一天|哪年|哪一年|几号|几月|日期|期限|截止|什么时间"
        ),
        _re(
            r"\b(?:1[5-9]|20)\d\d\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
            r"\.?\s+\d|\d{1,2}:\d\d|\d+\s*年|\d+\s*月|\d+\s*日|"
            r"[一二〇零三四五六七八九十]{2,}年|[一二三四五六七八九十]+月[一二三四五六七八九十]+日"
        ),
    ),
    Attribute(
        "memory",
        _re(r"\b(?:memory|ram|storage|disk\s+space)\b|内存|存储"),
        _re(r"\d\s*(?:[kmgt]i?b|bytes?|kilobytes?|megabytes?|gigabytes?)\b"),
    ),
    Attribute(
        "mass",
        _re(
            r"\bweigh[st]?\b|\bweight\b|\bhow\s+many\s+(?:grams|kilograms|kg|pounds)\b|重量|多重|几克|多少克"
        ),
        _re(
            r"\d\s*(?:g|kg|mg|t|lbs?|pounds?|grams?|kilograms?|tons?|tonnes?)\b|\d\s*(?:克|千克|公斤|吨)"
        ),
    ),
    Attribute(
        "speed",
        _re(
            r"\bhow\s+(?:much\s+)?fast(?:er)?\b|\bspeed\s*-?ups?\b|\bhow\s+quick|快多少|加速|提速|速度"
        ),
        _re(r"\d\s*(?:x|×|times)\b|\d\s*%|\d\s*倍"),
    ),
    Attribute(
        "duration",
        _re(
            r"\bhow\s+long\b|\bduration\b|\bperiod\b|\bwithin\s+how\s+many\b|多长时间|多久|几天|"
            r"多少天|几年|多少年|几个月|期限"
        ),
        _re(
            r"\d\s*(?:ms|s|sec|seconds?|minutes?|min|hours?|h|days?|weeks?|months?|years?)\b|"
            + ZH_NUM
            + r"+\s*(?:秒|分钟|小时|天|日|周|个月|月|年)"
        ),
    ),
    Attribute(
        "count",
        _re(
            r"\bhow\s+many\b|\bnumber\s+of\b|几个|几次|几名|几家|几项|几种|几条|几台|"
            r"多少(?:个|次|名|家|项|种|条|台|人|天)"
        ),
        _re(
            r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozens?|"
            r"hundreds?|thousands?|single|both|twice|once)\b|"
            + ZH_NUM
            + r"+\s*[个次名家项种条台人天](?!百分点|月|小时|工作日)"
        ),
    ),
)


# answerability-v2: a change from an earlier period ("by how much did X fall", "比上年增加了几天")
# is its own attribute - the evidence must state a change (同比下降6.1%, "rose by 3%"), not the
# level (302天), so "how many more good days" is not answered by the count of good days.
CHANGE = Attribute(
    "change",
    _re(
        r"\bby\s+how\s+much\b|\bcompared\s+(?:with|to)\s+(?:the\s+)?(?:year|previous|prior|last)\b|"
        r"\byear[-\s]on[-\s]year\b|\b(?:rise|rose|fall|fell|drop|dropped|increase|increased|"
        r"decrease|decreased|grow|grew|decline|declined|change|changed)\s+(?:by|from)\b|"
        r"(?:同比|环比|比上一?年|比去年|比前一?年|较上一?年|较去年|相比).{0,10}"
        r"(?:上升|下降|增加|减少|提高|降低|增长|下滑|回落|变化|变动|多|少)|"
        r"(?:上升|下降|增加|减少|提高|降低|增长|下滑|回落|变化)了?(?:多少|几)"
    ),
    _re(
        r"(?:上升|下降|增加|减少|提高|降低|增长|下滑|回落|增多|减小)了?\s*" + ZH_NUM + r"|"
        r"\b(?:up|down|rose|fell|dropped|increased|decreased|grew|declined|improved|gained|lost|"
        r"rising|falling)\s+(?:by\s+)?(?:about\s+|nearly\s+|almost\s+)?[$€£¥]?\d|"
        r"\d\s*(?:%|percent|percentage\s+points?)\s+(?:increase|decrease|rise|drop|decline|"
        r"higher|lower|more|less|up|down)\b|\b(?:increase|decrease|rise|drop|decline)\s+of\s+\d"
    ),
)


# Words of a question that are neither its subject nor its attribute: they ask, say the value's
# shape, count or order, or point (prepositions and determiners the stop lists lack).
ASKING = frozenset(
    """how what which who whom whose why when where much many often frequently long big large
    small kind type sort does did do is are was were be been being will would shall should must
    can could may might exactly approximately roughly about around still also ever actually
    really every one ones range value values level levels limit limits maximum minimum max min
    amount number figure total average mean typical two three four five six seven eight nine ten
    first second third fourth fifth lowest highest most least top upper lower best worst last
    main there here reading readings time times year years day days month months way ways thing
    things part parts lot lots inside another other others within across beside besides whether
    straight away right immediately quickly currently usually normally generally single whole
    entire overall each per please thanks thank answer question
    多少 什么 哪些 哪个 哪里 哪部 哪一 哪家 哪天 怎么 怎样 如何 是否 几 是 有 要 会 能 可以
    必须 应该 应当 需要 一共 总共 大约 大概 左右 最 主要 时候 时间 东西 事情 情况 方面 这家 那家
    这个 那个 这份 那份 该 其 篇 文章 篇文章 那篇 哪一页 第几页 几页 一页 哪一条 哪条 条 一年
    一次 多高 多大 多长 多久 多重 多快 程度 数量 数值 数字 数据 水平 金额 钱 比例 结果 限值 上限
    下限 标准值 最高值 最低值 范围 日子""".split()
)
# Common English verbs (base forms, compared by stem): the question's own action ("does SunSpider
# contain", "how does the system handle"), not what it is about. They may tie a sentence to the
# question but are never required.
VERBS = frozenset(
    """be have do say get make go know take see come think look want give use find tell ask
    work seem feel try leave call need keep let begin help show hear move live believe hold
    bring happen write provide sit stand lose meet include continue set learn lead understand
    follow stop create speak read allow add spend grow open walk win offer remember consider
    appear buy wait serve send expect build stay fall reach remain suggest raise pass require
    decide pull contain handle turn shut compile fail interrupt treat compare perform support
    implement achieve cause apply produce reduce increase decrease exceed prevent avoid enable
    ensure occur obtain receive mention describe explain matter mean differ depend belong
    check inspect replace tighten put install operate manufacture publish release ship deliver
    present name got made took gave went ran built found kept held brought wrote sat stood lost
    met led understood sold sent spent grew won fell put set let shut read did done gone""".split()
)
# A Chinese noun after a demonstrative ("这家企业", "该公司") points at the document's own party.
ZH_DEICTIC = frozenset("这家 那家 该 这个 那个 这份 那份 本 此 这 那 这些 那些 这位 那位".split())
ZH_DEMONSTRATIVES = frozenset("这 那 该 此 本".split())
# answerability-v2: a party named by its kind only (企业, 公司, "the company") is the document's
# own party - a penalty decision calls it 当事人 - so the word ties a sentence but is not required.
PARTY_NOUNS = frozenset(
    """company companies firm firms enterprise enterprises party business
    企业 公司 单位 当事人 厂家 厂商 商家 涉事企业 涉事公司 涉事单位""".split()
)
# Names of measured things in both languages (a term is found when any of its names is).
GLOSSARY: tuple[frozenset[str], ...] = tuple(
    frozenset(names.split("|"))
    for names in (
        "pm2.5|细颗粒物",
        "pm10|可吸入颗粒物",
        "cod|化学需氧量",
        "bod|生化需氧量",
        "so2|二氧化硫",
        "no2|二氧化氮",
        "o3|臭氧|ozone",
        "co2|二氧化碳|carbon dioxide",
        "总磷|total phosphorus",
        "总氮|total nitrogen",
        "氨氮|ammonia nitrogen",
        "gdp|国内生产总值",
        "ram|memory|内存",
        "cpu|processor|处理器",
    )
)

# answerability-v2: a concentration is stated in a mass per volume (mg/L, 微克/立方米), so a
# question about one is not answered by a percentage or a count in the same sentence.
CONCENTRATION = Attribute(
    "concentration",
    _re(r"\bconcentrations?\b|浓度|含量"),
    _re(
        r"\d\s*(?:mg|μg|µg|ug|ng|g|微克|毫克|纳克|克)\s*/\s*(?:l|m3|m³|dl|ml|升|立方米|毫升)|"
        r"\d\s*(?:ppm|ppb|mg/l|mmol)"
    ),
)
# answerability-v2: a duration is not a date - 10日 in 5月10日 and 2024年 name a day and a year.
DURATION_V2 = Attribute(
    "duration",
    next(a for a in ATTRIBUTES if a.name == "duration").cue,
    _re(
        r"\d\s*(?:ms|s|sec|seconds?|minutes?|min|hours?|h|days?|weeks?|months?|years?)\b|"
        r"(?<![月\d〇零一二三四五六七八九十])" + ZH_NUM + r"+\s*(?:秒|分钟|小时|天|日|周|个月)|"
        r"(?<![\d〇零一二三四五六七八九十])(?:\d{1,3}|[一二两三四五六七八九十]+)\s*年(?!\s*\d|[一二三四五六七八九十]+月)"
    ),
)
# answerability-v2's attributes: the change from an earlier period and a concentration before the
# kinds of number (after the kinds of name, which say what the answer names).
ATTRIBUTES_V2: tuple[Attribute, ...] = tuple(
    kind
    for attribute in ATTRIBUTES
    for kind in (
        (CHANGE, CONCENTRATION, attribute)
        if attribute.name == "money"
        else (DURATION_V2,)
        if attribute.name == "duration"
        else (attribute,)
    )
)
# answerability-v3 (d375): "how many more good days than in 2022" asks a change as well; a change
# question is a change whatever it counts (first among the attributes).
CHANGE_V3 = Attribute(
    "change",
    _re(
        CHANGE.cue.pattern
        + r"|\bthan\s+(?:in\s+)?(?:the\s+)?(?:year\s+before|previous\s+year|prior\s+year|"
        r"last\s+year|a\s+year\s+(?:ago|earlier)|(?:19|20)\d\d)\b"
    ),
    CHANGE.value,
)
ATTRIBUTES_V3: tuple[Attribute, ...] = (CHANGE_V3, *(a for a in ATTRIBUTES_V2 if a is not CHANGE))
# answerability-v4 (d396): 几 / 多少 with any measure word asks a count (几遍, 几套, 多少遍), not
# only with the eight v1 names.
_COUNT = next(a for a in ATTRIBUTES if a.name == "count")
COUNT_V4 = Attribute(
    "count",
    _re(_COUNT.cue.pattern + r"|(?:几|多少)[遍套回趟件批份处座位所辆块张本部]"),
    _COUNT.value,
)
ATTRIBUTES_V4: tuple[Attribute, ...] = tuple(
    COUNT_V4 if a.name == "count" else a for a in ATTRIBUTES_V3
)
# answerability-v2: the measured things' English names too (a Chinese bulletin asked in English).
_ENGLISH_NAMES = {
    "pm2.5": "fine particulate matter|fine particles",
    "pm10": "inhalable particulate matter|inhalable particles",
    "cod": "chemical oxygen demand",
    "bod": "biochemical oxygen demand",
    "so2": "sulphur dioxide|sulfur dioxide",
    "no2": "nitrogen dioxide",
}
GLOSSARY_V2: tuple[frozenset[str], ...] = tuple(
    names | frozenset(_ENGLISH_NAMES.get(next(iter(sorted(names))), "").split("|")) - {""}
    for names in GLOSSARY
)

# answerability-v2: the bound a question asks (the lowest / the highest) and the bounds an
# evidence clause states. A clause that states only the other bound does not answer ("must not
# exceed 85 C" is no minimum); a range ("between 4.5 and 6.0") or a plain value states either.
ASKED_BOUND = {
    "lower": _re(
        r"\b(?:minimum|min|lowest|coldest|least|lower\s+limit)\b|最低|最少|下限|最小|至少"
    ),
    "upper": _re(
        r"\b(?:maximum|max|highest|hottest|most|upper|limit|ceiling)\b|最高|最多|上限|最大|"
        r"不能超过|不得超过"
    ),
}
STATED_BOUND = {
    "lower": _re(
        r"\bat\s+least\b|\bminimum\b|\bmin\b\.?|\blowest\b|\bno\s+(?:less|fewer)\s+than\b|"
        r"\bnot\s+(?:be\s+)?(?:less|lower|below)\b|不低于|不少于|至少|最低|最少|下限|≥|>="
    ),
    "upper": _re(
        r"\bexceed|\bat\s+most\b|\bup\s+to\b|\bmaximum\b|\bmax\b\.?|\bupper\b|\blimit\b|"
        r"\bno\s+more\s+than\b|\bnot\s+(?:be\s+)?(?:more|higher|above|greater)\b|超过|最高|最多|"
        r"上限|不大于|不高于|≤|<="
    ),
    "both": _re(r"\bbetween\b|\brange\b|\bfrom\s+[\d.]+\s+to\b|之间|范围|\d\s*[-~～至到]\s*\d"),
}
