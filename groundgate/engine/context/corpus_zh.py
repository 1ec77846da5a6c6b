"""Values in context, in Chinese: the layouts Chinese annual reports print (单位 lines, 项目
headers, 期末/期初, 本期/上期, 本年/上年, dated headers, full-width negatives, labels that carry
their unit, 同比/环比 columns, 合计/小计/其中 rows) and answers in Chinese prose said of them
(context/corpus.py's shape; tests/engine/context/test_context_corpus.py runs them)."""

from groundgate.engine.context.corpus import Gap, Passes, Refused

# A balance sheet note: a unit line, 期末/期初 balance columns, a full-width negative, a total.
BALANCES = (
    "单位：元\n"
    "项目  期末余额  期初余额\n"
    "货币资金  8,530,120.45  7,210,334.10\n"
    "应收账款  5,430,210.50  4,120,300.00\n"
    "预付款项  320,000.00  410,000.00\n"
    "其他应收款  （46,670.00）  12,500.00\n"
    "合计  14,233,660.95  11,753,134.10"
)
# An income statement of 本期/上期 amounts in 万元.
AMOUNTS = (
    "单位：万元\n"
    "项目  本期发生额  上期发生额\n"
    "营业收入  45,678.90  40,123.45\n"
    "营业成本  30,111.22  28,765.43\n"
    "净利润  5,432.10  4,321.09"
)
# Key figures: year columns, a 同比 column, and each row's unit in its label.
KEY_FIGURES = (
    "项目  2023年  2022年  同比变动\n"
    "营业收入（亿元）  120.5  100.2  20.3%\n"
    "净利润（亿元）  15.6  12.0  30.0%\n"
    "基本每股收益（元/股）  1.25  0.98  27.6%\n"
    "加权平均净资产收益率（%）  12.4  10.9  1.5"
)
# Dated columns, a section line, 其中 and 小计 rows.
DATED = (
    "单位：万元\n"
    "项目  2023年12月31日  2022年12月31日\n"
    "流动资产：\n"
    "货币资金  3,456.78  2,987.65\n"
    "交易性金融资产  1,200.00  1,500.00\n"
    "应收账款  2,345.67  2,100.00\n"
    "其中：应收关联方款项  456.70  398.20\n"
    "流动资产小计  7,002.45  6,587.65"
)
# 本年/上年 amounts with full-width negatives.
YEAR_AMOUNTS = (
    "单位：元\n"
    "项目  本年金额  上年金额\n"
    "投资收益  （4,667.00）  3,210.50\n"
    "公允价值变动收益  12,880.00  （2,150.00）"
)
# Quarters and a 环比 column.
QUARTERS = (
    "单位：万元\n"
    "项目  2023年第四季度  2023年第三季度  环比变动\n"
    "营业收入  12,345.60  11,234.50  9.9%\n"
    "营业成本  8,765.40  8,123.30  7.9%"
)
# Two years in the 2019年/2018年 form of a note, in 万元.
NOTE = "项目  2019年  2018年\n应收账款  875.8  557.8\n其他应收款  6.8  8.1\n合计  882.6  565.9"

# The long labels of a listed company's key figures, said by their head noun.
LONG_LABELS = (
    "项目  2023年  2022年  同比变动\n"
    "营业收入（亿元）  120.5  100.2  20.3%\n"
    "归属于上市公司股东的净利润（亿元）  15.6  12.0  30.0%\n"
    "归属于上市公司股东的扣除非经常性损益的净利润（亿元）  14.1  11.5  22.6%"
)

# Gate 2.52.0 (d704-d709): the forms of a listed company's report as printed, in 元.
# 主要会计数据和财务指标: year columns, a change column with words in cells, 扣非/归母 rows.
REPORT_KEY = (
    "单位：元  币种：人民币\n"
    "项目  2023年  2022年  本年比上年增减  2021年\n"
    "营业收入  8,765,432,100.00  7,654,321,000.00  14.52%  6,543,210,000.00\n"
    "归属于上市公司股东的净利润  1,023,456,700.00  987,654,300.00  3.62%  876,543,200.00\n"
    "归属于上市公司股东的扣除非经常性损益的净利润  956,789,000.00  1,012,345,600.00  -5.49%"
    "  854,321,000.00\n"
    "基本每股收益（元/股）  0.85  0.82  3.66%  0.73\n"
    "稀释每股收益（元/股）  0.84  0.81  3.70%  0.72\n"
    "加权平均净资产收益率  10.25%  10.87%  减少0.62个百分点  10.12%"
)
# 季度报告: 本报告期 / 年初至报告期末 columns, "不适用" cells, a points change in words.
QUARTER_REPORT = (
    "单位：元  币种：人民币\n"
    "项目  本报告期  本报告期比上年同期增减变动幅度(%)  年初至报告期末  "
    "年初至报告期末比上年同期增减变动幅度(%)\n"
    "营业收入  3,210,987,654.32  15.23  8,765,432,109.87  12.34\n"
    "经营活动产生的现金流量净额  不适用  不适用  1,234,567,890.12  -23.45\n"
    "加权平均净资产收益率(%)  3.12  减少0.45个百分点  8.56  增加0.32个百分点"
)
# 合并资产负债表 with its title block and a 附注 column.
BALANCE_SHEET = (
    "合并资产负债表\n"
    "2023年12月31日\n"
    "编制单位：某某股份有限公司  单位：元  币种：人民币\n"
    "项目  附注  2023年12月31日  2022年12月31日\n"
    "流动资产：\n"
    "货币资金  七、1  3,456,789,012.34  2,987,654,321.09\n"
    "应收票据  七、4  123,456,789.00  98,765,432.10\n"
    "应收账款  七、5  1,876,543,210.98  1,543,210,987.65\n"
    "存货  七、10  2,345,678,901.23  2,109,876,543.21\n"
    "流动资产合计    8,390,122,234.55  7,616,050,494.05\n"
    "短期借款  七、32  1,000,000,000.00  1,200,000,000.00"
)
# 合并利润表: outline marks, sign notes, a 附注 column.
INCOME_STATEMENT = (
    "项目  附注  2023年度  2022年度\n"
    "一、营业总收入    8,765,432,100.00  7,654,321,000.00\n"
    "投资收益（损失以“－”号填列）  七、68  -23,456,789.00  12,345,678.00\n"
    "三、营业利润（亏损以“－”号填列）    1,234,567,890.00  1,098,765,432.00\n"
    "四、净利润（净亏损以“－”号填列）    1,045,678,901.00  987,654,321.00"
)
# A negative printed in full-width parentheses and one in ASCII parentheses.
WIDE_NEGATIVE = (
    "单位：万元\n项目  2023年  2022年\n应收账款  （4,667）  3,210\n其他应收款  1,234  （567）"
)
ASCII_NEGATIVE = (
    "单位：万元\n项目  2023年  2022年\n应收账款  (4,667)  3,210\n其他应收款  1,234  (567)"
)
PROSE_KEY = (
    "报告期内，公司实现营业收入87.65亿元，同比增长14.52%；实现归属于上市公司股东的净利润10.23亿元，"
    "同比增长3.62%；归属于上市公司股东的扣除非经常性损益的净利润9.57亿元，同比下降5.49%。"
    "报告期末，公司总资产256.79亿元，较上年末增长9.47%。"
)
WAN_TABLE = "单位：万元\n项目  2023年  2022年  同比增减(%)\n营业收入  12,345.67  10,987.65  12.36"
# A change column printed in percentage points (point_units "unit_headers", d775).
POINTS_TABLE = "单位：%\n项目  2023年  2022年  增减（百分点）\n毛利率  23.45  22.18  1.27"
HALF_NEGATIVE = "单位：万元\n项目  2023年  2022年\n应收账款  （4,667 ）  3,210"
# 分产品 prose: each product named once at its semicolon segment's head, its later comma parts
# saying only the metric (prose_facets "segment_heads", d784; issue 28).
SEGMENT_PROSE = (
    "报告期内，公司实现营业总收入1,505.60亿元。其中，茅台酒营业收入1,265.90亿元，毛利率为94.12%；"
    "系列酒营业收入206.30亿元，毛利率为75.15%。"
)
BUSINESS_PROSE = (
    "报告期内，公司汽车业务营业收入为1,234.56亿元，同比增长15.60%；手机部件及组装业务营业收入为"
    "987.65亿元，同比增长4.32%。"
)
# "分别" lists: each value its item's by position, a period or a name (prose_facets
# "respective_lists", d786); a second "分别" list of the sentence takes the first's items.
RESPECTIVE_YEARS = "2023年、2022年营业收入分别为1,505.60亿元和1,275.54亿元，同比增长18.04%。"
RESPECTIVE_METRICS = (
    "报告期内，公司营业收入和净利润分别为100.00亿元和20.00亿元，分别同比增长19.01%和19.16%。"
)
RESPECTIVE_REGIONS = (
    "分地区看，华东、华南、华北地区实现销售收入分别为45.6亿元、32.1亿元、18.9亿元，"
    "占主营业务收入的比重分别为41.3%、29.1%、17.1%。"
)
RESPECTIVE_QUARTERS = "公司2023年第一季度、第二季度营业收入分别为35.2亿元、41.8亿元。"
# A 业绩快报 table headed "指标" (statement_headers "indicator_heads", d789): its parts head the
# columns - relative periods, a percent change, a change in percentage points.
INDICATOR_TABLE = (
    "指标  本报告期  上年同期  增减（百分点）\n毛利率（%）  23.45  22.18  1.27\n"
    "加权平均净资产收益率（%）  12.35  11.02  1.33"
)

# Two cells of one row that round alike at one decimal (d830, d831): "1.70亿元" is 2022's
# 169,500,000.00 at the two decimals it writes, though read at one (1.7) 2023's 1.65亿 rounds
# to it too (padded_decimals "written_first"); under PADDED_TIE no cell rounds to 1.70 at two
# decimals, and at one both do: the one in context grounds it.
ROUNDED_TIE = (
    "单位：元\n项目  2023年  2022年\n营业收入  100,000,000.00  100,500,001.00\n"
    "营业成本  165,000,000.00  169,500,000.00"
)
PADDED_TIE = (
    "单位：元\n项目  2023年  2022年\n营业收入  100,000,000.00  100,500,001.00\n"
    "营业成本  165,000,000.00  174,000,000.00"
)

# Gate 2.71.0 (d885-d890), issue 28's report forms. 分季度主要财务指标: each quarter printed with
# its months (month_ranges "period_heads", d885); a 半年度报告's 本报告期（1-6月）.
QUARTER_MONTHS = (
    "单位：元  币种：人民币\n"
    "项目  第一季度（1-3月份）  第二季度（4-6月份）  第三季度（7-9月份）  第四季度（10-12月份）\n"
    "营业收入  2,345,678,901.00  2,987,654,321.00  3,123,456,789.00  3,888,888,890.23\n"
    "归属于上市公司股东的净利润  301,234,567.00  412,345,678.00  389,012,345.00  432,975,300.12\n"
    "归属于上市公司股东的扣除非经常性损益后的净利润  281,234,567.00  398,765,432.00  "
    "-12,345,678.00  420,123,456.00"
)
HALF_REPORT = (
    "单位：元  币种：人民币\n"
    "主要会计数据  本报告期（1-6月）  上年同期  本报告期比上年同期增减(%)\n"
    "营业收入  5,678,901,234.56  4,987,654,321.09  13.86\n"
    "归属于上市公司股东的净利润  678,901,234.00  712,345,678.00  -4.69"
)
# 主营业务分行业情况: metric columns under "分行业" (segment_columns "metric_heads", d886).
SEGMENT_TABLE = (
    "主营业务分行业情况\n"
    "单位：万元  币种：人民币\n"
    "分行业  营业收入  营业成本  毛利率（%）  营业收入比上年增减（%）  营业成本比上年增减（%）  "
    "毛利率比上年增减（%）\n"
    "白酒  1,234,567.89  98,765.43  92.00  15.23  10.12  增加0.37个百分点\n"
    "啤酒  345,678.90  210,987.65  38.96  -3.21  -5.67  增加1.52个百分点"
)
# Quarters as rows under "季度", metric columns (segment_columns "metric_heads", d886).
QUARTER_ROWS = (
    "单位：亿元\n季度  营业收入  归母净利润\n第一季度  120.35  15.67\n第二季度  135.78  18.90\n"
    "第三季度  142.11  -3.45"
)
# Changes said in prose after their direction word (direction_prose "said_words", d887).
PROSE_CHANGES = (
    "报告期内，公司实现营业收入123.46亿元，同比增长12.36%；归属于上市公司股东的扣除非经常性损益的"
    "净利润11.23亿元，较上年同期下降6.38%。综合毛利率为35.62%，同比增加1.25个百分点；"
    "公司海外业务收入增长至87.65亿元。"
)
# Full-width digits, thousands and years (the grammar and periods.py, d888).
WIDE_DIGITS = (
    "单位：万元\n项目  ２０２３年  ２０２２年\n"
    "营业收入  １２，３４５．６７  １０，９８７．６５\n净利润  １，２３４．５６  ９８７．６５"
)

PASSES = [
    Passes(INDICATOR_TABLE, "毛利率同比增加1.27个百分点。"),
    Passes(INDICATOR_TABLE, "上年同期加权平均净资产收益率为11.02%。"),
    Passes(RESPECTIVE_YEARS, "2022年营业收入为1,275.54亿元。"),
    Passes(RESPECTIVE_METRICS, "净利润为20.00亿元，同比增长19.16%。"),
    Passes(RESPECTIVE_METRICS, "营业收入和净利润分别为100.00亿元和20.00亿元。"),
    Passes(RESPECTIVE_REGIONS, "华南地区销售收入为32.1亿元。"),
    Passes(RESPECTIVE_REGIONS, "华北地区占主营业务收入的比重为17.1%。"),
    # Each unit of its own column, each change of its own subject (d774, d775).
    Passes(WAN_TABLE, "2023年营业收入同比增长12.36%。"),
    Passes(POINTS_TABLE, "2023年毛利率同比增加1.27个百分点。"),
    Passes(PROSE_KEY, "公司营业收入87.65亿元，同比增长14.52%。"),
    Passes(PROSE_KEY, "归属于上市公司股东的净利润同比增长3.62%。"),
    Passes(PROSE_KEY, "公司总资产较上年末增长9.47%。"),
    Passes(SEGMENT_PROSE, "茅台酒毛利率为94.12%。"),
    Passes(SEGMENT_PROSE, "系列酒毛利率为75.15%。"),
    Passes(SEGMENT_PROSE, "毛利率为75.15%。"),
    Passes(SEGMENT_PROSE, "系列酒营业收入206.30亿元，毛利率为75.15%。"),
    Passes(BUSINESS_PROSE, "公司汽车业务营业收入同比增长15.60%。"),
    Passes(BUSINESS_PROSE, "手机部件及组装业务营业收入同比增长4.32%。"),
    # 期末/期初 balances; 截至 and 较期初 in the answer.
    Passes(BALANCES, "截至期末，应收账款余额为5,430,210.50元。"),
    Passes(BALANCES, "应收账款期初余额为4,120,300.00元。"),
    Passes(BALANCES, "货币资金期末余额为8,530,120.45元。"),
    Passes(BALANCES, "期末合计为14,233,660.95元。"),
    Passes(BALANCES, "其他应收款期末余额为-46,670.00元。"),
    Passes(BALANCES, "应收账款较期初增加1,309,910.50元。", derived=True),
    Passes(BALANCES, "预付款项较期初减少90,000.00元。", derived=True),
    # 本期/上期, 上年同期, 同比.
    Passes(AMOUNTS, "本期营业收入为45,678.90万元。"),
    Passes(AMOUNTS, "上期营业成本为28,765.43万元。"),
    Passes(AMOUNTS, "上年同期净利润为4,321.09万元。"),
    Passes(AMOUNTS, "营业收入同比增长13.8%。", derived=True),
    Passes(AMOUNTS, "净利润较上期增加1,111.01万元。", derived=True),
    # Labels with their unit, year columns, a 同比 column.
    Passes(KEY_FIGURES, "2023年营业收入为120.5亿元。"),
    Passes(KEY_FIGURES, "2022年净利润为12.0亿元。"),
    Passes(KEY_FIGURES, "2023年加权平均净资产收益率为12.4%。"),
    Passes(KEY_FIGURES, "2023年营业收入为120.5亿元，同比增长20.3%。"),
    Passes(KEY_FIGURES, "2023年净利润为15.6亿元，同比增长30.0%。"),
    Passes(KEY_FIGURES, "营业收入从2022年的100.2亿元增长至2023年的120.5亿元。"),
    Passes(KEY_FIGURES, "2023年营业收入比上年增加20.3亿元。", derived=True),
    Passes(KEY_FIGURES, "2023年净利润占营业收入的比例为12.9%。", derived=True),
    # Dated headers, 其中 and 小计 rows, 合计 in the answer.
    Passes(DATED, "截至2023年12月31日，货币资金为3,456.78万元。"),
    Passes(DATED, "截至2022年12月31日，交易性金融资产为1,500.00万元。"),
    Passes(DATED, "2023年末流动资产小计7,002.45万元。"),
    Passes(DATED, "截至2023年12月31日，应收关联方款项为456.70万元。"),
    Passes(DATED, "截至2023年12月31日，货币资金与交易性金融资产合计4,656.78万元。", derived=True),
    Passes(DATED, "截至2023年12月31日，交易性金融资产较上年末减少300.00万元。", derived=True),
    # 本年/上年 with full-width negatives.
    Passes(YEAR_AMOUNTS, "本年投资收益为-4,667.00元。"),
    Passes(YEAR_AMOUNTS, "上年公允价值变动收益为-2,150.00元。"),
    # Quarter columns and 环比.
    Passes(QUARTERS, "2023年第四季度营业收入为12,345.60万元。"),
    Passes(QUARTERS, "营业收入环比增长9.9%。"),
    Passes(QUARTERS, "2023年第四季度营业成本为8,765.40万元，环比上升7.9%。"),
    # Long labels said by their head noun or the words that set them apart.
    Passes(LONG_LABELS, "2023年净利润为15.6亿元。"),
    Passes(LONG_LABELS, "2023年扣非净利润为14.1亿元。"),
    Passes(LONG_LABELS, "2023年扣除非经常性损益的净利润为14.1亿元。"),
    # A note's year columns, a scale the answer names.
    Passes(NOTE, "2019年应收账款为875.8万元。"),
    Passes(NOTE, "应收账款从2018年到2019年增加了318.0万元。", derived=True),
    Passes(NOTE, "2019年应收账款比2018年增长57.0%。", derived=True),
    # Gate 2.52.0: a 元 table restated in 亿元/万元 (d704), 扣非/归母 (d706), statements (d707),
    # relative years (d709), negatives in parentheses (d708).
    Passes(REPORT_KEY, "2023年营业收入87.65亿元，同比增长14.52%。"),
    Passes(REPORT_KEY, "2023年营业收入约876,543.21万元。"),
    Passes(REPORT_KEY, "2023年扣非归母净利润为9.57亿元，同比下降5.49%。"),
    Passes(REPORT_KEY, "2023年归母净利润为10.23亿元。"),
    Passes(REPORT_KEY, "上年营业收入为76.54亿元。"),
    Passes(REPORT_KEY, "本年营业收入为87.65亿元。"),
    Passes(REPORT_KEY, "2023年加权平均净资产收益率为10.25%，较上年减少0.62个百分点。"),
    Passes(QUARTER_REPORT, "年初至报告期末经营活动产生的现金流量净额为12.35亿元，同比下降23.45%。"),
    Passes(QUARTER_REPORT, "本报告期加权平均净资产收益率为3.12%，同比减少0.45个百分点。"),
    Passes(BALANCE_SHEET, "截至2023年12月31日，货币资金余额为34.57亿元。"),
    Passes(BALANCE_SHEET, "2022年末短期借款为12亿元。"),
    Passes(BALANCE_SHEET, "存货期初余额为21.10亿元。"),
    Passes(BALANCE_SHEET, "存货期末余额为23.46亿元。"),
    Passes(INCOME_STATEMENT, "2023年营业利润为12.35亿元。"),
    Passes(INCOME_STATEMENT, "2023年投资损失2,345.68万元。"),
    Passes(INCOME_STATEMENT, "2023年投资收益为-2,345.68万元。"),
    Passes(WIDE_NEGATIVE, "2023年应收账款为-4,667万元。"),
    Passes(ASCII_NEGATIVE, "2023年应收账款为-4,667万元。"),
    Passes(WIDE_NEGATIVE, "2023年应收账款减少4,667万元。"),
    # A space inside the parentheses gives the sign as "(4,667)" does (sign_parentheses, d747).
    Passes(HALF_NEGATIVE, "2023年应收账款为-4,667万元。"),
    Passes(HALF_NEGATIVE, "2023年应收账款减少4,667万元。"),
    Passes(WAN_TABLE, "2023年营业收入约1.23亿元。"),
    Passes(WAN_TABLE, "2023年营业收入为123,456,700元。"),
    Passes(WAN_TABLE, "2023年营业收入为12,345.67万元。"),
    # The decimals written first, the cell in context among those that round (d831).
    Passes(ROUNDED_TIE, "2022年营业成本为1.70亿元。"),
    Passes(ROUNDED_TIE, "2023年营业成本为1.7亿元。"),
    Passes(PADDED_TIE, "2022年营业成本为1.70亿元。"),
    Passes(PADDED_TIE, "2023年营业成本为1.70亿元。"),
    # A list's year said once (year_quarters "sentence_year", d854): before, UNGROUNDED_NUMBER.
    Passes(RESPECTIVE_QUARTERS, "2023年第二季度营业收入为41.8亿元。"),
    # Gate 2.71.0 (d885-d889).
    Passes(QUARTER_MONTHS, "第三季度营业收入为31.23亿元。"),
    Passes(QUARTER_MONTHS, "第四季度归属于上市公司股东的净利润为4.33亿元。"),
    Passes(QUARTER_MONTHS, "第二季度扣非归母净利润为3.99亿元。"),
    Passes(HALF_REPORT, "本报告期营业收入为56.79亿元，同比增长13.86%。"),
    Passes(HALF_REPORT, "上年同期归母净利润为7.12亿元。"),
    Passes(SEGMENT_TABLE, "白酒营业收入为123.46亿元，同比增长15.23%。"),
    Passes(SEGMENT_TABLE, "白酒营业成本同比增长10.12%。"),
    Passes(SEGMENT_TABLE, "啤酒毛利率为38.96%，同比增加1.52个百分点。"),
    Passes(QUARTER_ROWS, "第二季度归母净利润为18.90亿元。"),
    Passes(PROSE_CHANGES, "扣非归母净利润较上年同期下降6.38%。"),
    Passes(PROSE_CHANGES, "综合毛利率同比增加1.25个百分点。"),
    Passes(PROSE_CHANGES, "公司海外业务收入为87.65亿元。"),
    Passes(WIDE_DIGITS, "2023年营业收入为1.23亿元。"),
    Passes(WIDE_DIGITS, "2022年净利润为987.65万元。"),
]

REFUSED = [
    Refused(BALANCES, "应收账款期末余额为4,120,300.00元。", "period"),
    Refused(BALANCES, "应收账款期初余额为5,430,210.50元。", "period"),
    Refused(BALANCES, "预付款项期末余额为5,430,210.50元。", "row"),
    Refused(BALANCES, "货币资金期末余额为8,530,120.45万元。", "scale"),
    # A direction word against the change's sign (the balance rose / fell).
    Refused(BALANCES, "应收账款较期初减少1,309,910.50元。", "sign"),
    Refused(BALANCES, "预付款项较期初增加90,000.00元。", "sign"),
    Refused(AMOUNTS, "本期营业收入为40,123.45万元。", "period"),
    Refused(AMOUNTS, "本期营业成本为45,678.90万元。", "row"),
    Refused(AMOUNTS, "营业收入同比下降13.8%。", "sign"),
    Refused(AMOUNTS, "净利润较上期减少1,111.01万元。", "sign"),
    Refused(AMOUNTS, "本期净利润为5,432.10亿元。", "scale"),
    # A label with its unit names its row as the label without it.
    Refused(KEY_FIGURES, "2023年净利润为120.5亿元。", "row"),
    Refused(KEY_FIGURES, "2023年营业收入为15.6亿元。", "row"),
    Refused(KEY_FIGURES, "2023年营业收入同比增长30.0%。", "row"),
    Refused(KEY_FIGURES, "2023年基本每股收益为0.98元/股。", "period"),
    Refused(KEY_FIGURES, "2023年营业收入为100.2亿元。", "period"),
    Refused(KEY_FIGURES, "2022年净利润为15.6亿元。", "period"),
    Refused(KEY_FIGURES, "2023年营业收入为120.5万元。", "scale"),
    Refused(KEY_FIGURES, "2023年净利润比上年减少3.6亿元。", "sign"),
    Refused(KEY_FIGURES, "2023年净利润占营业收入的比例为12.0%。", "period"),
    Refused(LONG_LABELS, "2023年净利润为120.5亿元。", "row"),
    # The 扣非 row holds the 归母 row's label with words unsaid (longer_rows, d705).
    Refused(LONG_LABELS, "2023年归属于上市公司股东的净利润为14.1亿元。", "row"),
    Refused(DATED, "截至2022年12月31日，货币资金为3,456.78万元。", "period"),
    Refused(DATED, "截至2023年12月31日，应收账款为3,456.78万元。", "row"),
    Refused(DATED, "截至2023年12月31日，交易性金融资产较上年末增加300.00万元。", "sign"),
    Refused(DATED, "截至2022年12月31日，货币资金与交易性金融资产合计4,656.78万元。", "period"),
    Refused(YEAR_AMOUNTS, "上年投资收益为-4,667.00元。", "period"),
    # A cell in full-width parentheses said by its size, no sign word (negative_cells, d708).
    Refused(YEAR_AMOUNTS, "本年投资收益为4,667.00元。", "sign"),
    Refused(QUARTERS, "2023年第三季度营业收入为12,345.60万元。", "period"),
    # A 同比/环比 column's cell said with the other direction word.
    Refused(QUARTERS, "营业收入环比下降9.9%。", "sign"),
    Refused(QUARTERS, "营业成本环比减少7.9%。", "sign"),
    Refused(KEY_FIGURES, "2023年营业收入为120.5亿元，同比下降20.3%。", "sign"),
    Refused(QUARTERS, "2023年第四季度营业成本为12,345.60万元。", "row"),
    Refused(NOTE, "2019年应收账款为557.8万元。", "period"),
    Refused(NOTE, "2019年其他应收款为875.8万元。", "row"),
    Refused(NOTE, "应收账款从2018年到2019年减少了318.0万元。", "sign"),
    Refused(NOTE, "2019年其他应收款比2018年增长57.0%。", "row"),
    # Gate 2.52.0.
    Refused(REPORT_KEY, "2022年营业收入为87.65亿元。", "period"),
    Refused(REPORT_KEY, "2023年营业收入为76.54亿元。", "period"),
    Refused(REPORT_KEY, "2023年扣非净利润为10.23亿元。", "row"),
    Refused(REPORT_KEY, "2023年归属于上市公司股东的净利润为9.57亿元。", "row"),
    Refused(REPORT_KEY, "2023年稀释每股收益为0.85元。", "row"),
    Refused(REPORT_KEY, "上年营业收入为87.65亿元。", "period"),
    Refused(REPORT_KEY, "去年营业收入为87.65亿元。", "period"),
    Refused(REPORT_KEY, "本年营业收入为76.54亿元。", "period"),
    Refused(REPORT_KEY, "2023年加权平均净资产收益率较上年增加0.62个百分点。", "sign"),
    Refused(QUARTER_REPORT, "本报告期营业收入为87.65亿元。", "period"),
    Refused(QUARTER_REPORT, "本报告期加权平均净资产收益率同比增加0.45个百分点。", "sign"),
    Refused(BALANCE_SHEET, "2023年末应收账款为15.43亿元。", "period"),
    Refused(BALANCE_SHEET, "截至2023年12月31日，应收账款为1,543,210,987.65元。", "period"),
    Refused(BALANCE_SHEET, "2023年末应收票据为18.77亿元。", "row"),
    Refused(BALANCE_SHEET, "存货期末余额为21.10亿元。", "period"),
    Refused(INCOME_STATEMENT, "2023年营业利润为10.46亿元。", "row"),
    Refused(INCOME_STATEMENT, "2023年投资收益为2,345.68万元。", "sign"),
    Refused(WIDE_NEGATIVE, "2023年应收账款为4,667万元。", "sign"),
    Refused(ASCII_NEGATIVE, "2023年应收账款为4,667万元。", "sign"),
    Refused(WIDE_NEGATIVE, "2022年其他应收款为567万元。", "sign"),
    Refused(HALF_NEGATIVE, "2023年应收账款为4,667万元。", "sign"),
    Refused(HALF_NEGATIVE, "2022年应收账款为-3,210万元。", "sign"),
    # A 万元 table's figure read without its scale (yuan_scales, d710).
    Refused(WAN_TABLE, "2023年营业收入为12,345.67元。", "scale"),
    Refused(WAN_TABLE, "2023年营业收入约1.23万元。", "scale"),
    # Percent and percentage points of a bare cell (point_units "unit_headers", d775).
    Refused(WAN_TABLE, "2023年营业收入同比增长12.36个百分点。", "column"),
    Refused(POINTS_TABLE, "2023年毛利率同比增长1.27%。", "column"),
    # Words of a change name no subject (prose_facets "change_words", d774).
    Refused(PROSE_KEY, "公司营业收入为256.79亿元。", "row"),
    Refused(PROSE_KEY, "归属于上市公司股东的净利润同比增长14.52%。", "row"),
    Refused(PROSE_KEY, "公司总资产较上年末增长14.52%。", "row"),
    # Another segment head's figure (prose_facets "segment_heads", d784).
    Refused(SEGMENT_PROSE, "茅台酒毛利率为75.15%。", "row"),
    Refused(SEGMENT_PROSE, "系列酒毛利率为94.12%。", "row"),
    Refused(BUSINESS_PROSE, "汽车业务营业收入同比增长4.32%。", "row"),
    # A "指标" table's columns (statement_headers "indicator_heads", d789).
    Refused(INDICATOR_TABLE, "毛利率同比增长1.27%。", "column"),
    Refused(INDICATOR_TABLE, "本报告期毛利率为22.18%。", "period"),
    # A "分别" list's value said of another item (prose_facets "respective_lists", d786).
    Refused(RESPECTIVE_YEARS, "2022年营业收入为1,505.60亿元。", "period"),
    Refused(RESPECTIVE_QUARTERS, "第一季度营业收入为41.8亿元。", "period"),
    # A list's year said once ("2023年第一季度、第二季度"): the quarter said without it is that
    # year's (year_quarters "sentence_year", d854); before, UNGROUNDED_NUMBER.
    Refused(RESPECTIVE_QUARTERS, "2023年第一季度营业收入为41.8亿元。", "period"),
    Refused(RESPECTIVE_METRICS, "净利润为100.00亿元。", "row"),
    Refused(RESPECTIVE_METRICS, "净利润同比增长19.01%。", "row"),
    Refused(RESPECTIVE_METRICS, "营业收入和净利润分别为20.00亿元和100.00亿元。", "row"),
    Refused(RESPECTIVE_REGIONS, "华东地区销售收入为32.1亿元。", "row"),
    Refused(RESPECTIVE_REGIONS, "华北地区占主营业务收入的比重为29.1%。", "row"),
    # "1.70" at the two decimals it writes is 2022's 1.695亿, not 2023's 1.65亿 (d831).
    Refused(ROUNDED_TIE, "2023年营业成本为1.70亿元。", "period"),
    # Said by the words that set it apart (row_said apart_or_head, the default since 2.69.0, d872).
    Refused(LONG_LABELS, "2023年扣除非经常性损益的净利润为15.6亿元。", "row"),
    Refused(QUARTER_MONTHS, "第四季度扣除非经常性损益后的净利润为4.33亿元。", "row"),
    # Gate 2.71.0 (d885-d889): another quarter's, period's, column's, direction's figure.
    Refused(QUARTER_MONTHS, "第二季度营业收入为31.23亿元。", "period"),
    Refused(QUARTER_MONTHS, "第三季度扣非归母净利润为3.89亿元。", "row"),
    Refused(HALF_REPORT, "本报告期营业收入为49.88亿元。", "period"),
    Refused(SEGMENT_TABLE, "白酒营业成本为123.46亿元。", "column"),
    Refused(SEGMENT_TABLE, "白酒营业收入同比增长10.12%。", "column"),
    Refused(SEGMENT_TABLE, "白酒毛利率为15.23%。", "column"),
    Refused(QUARTER_ROWS, "第二季度归母净利润为135.78亿元。", "column"),
    Refused(QUARTER_ROWS, "第三季度营业收入为135.78亿元。", "period"),
    Refused(PROSE_CHANGES, "扣非归母净利润同比增长6.38%。", "sign"),
    Refused(PROSE_CHANGES, "综合毛利率同比减少1.25个百分点。", "sign"),
    Refused(WIDE_DIGITS, "2023年净利润为987.65万元。", "period"),
    Refused(WIDE_DIGITS, "2023年营业收入为12,345.67元。", "scale"),
]

GAPS: list[Gap] = [
    Gap(KEY_FIGURES, "2023年基本每股收益为1.25亿元。", "scale",
        "the chunk declares 亿 (other rows' labels); the row's own unit (元/股) is not read"),
    Gap(PROSE_KEY, "归属于上市公司股东的净利润同比下降5.49%。", "row",
        "prose: the 扣非 clause's change said of the 归母 figure (a longer subject holding it)"),
]  # fmt: skip
