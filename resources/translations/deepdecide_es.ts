<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>AssessedModels</name>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="27"/>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="29"/>
        <location filename="../../deepdecide/gui/models/assessed.py" line="83"/>
        <source>Option</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="30"/>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="32"/>
        <source>Support</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="35"/>
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="37"/>
        <source>Eligibility</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="37"/>
        <source>eligible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="51"/>
        <source>Criterion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="52"/>
        <source>Metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="53"/>
        <source>Weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="54"/>
        <source>Share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="55"/>
        <source>Scored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="55"/>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="55"/>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="58"/>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="76"/>
        <source>likely (low–high): </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="84"/>
        <source>Porting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="85"/>
        <source>External</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="86"/>
        <source>Missing, owned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="87"/>
        <source>Checklist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="88"/>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="89"/>
        <source>Blockers</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ComparePage</name>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="82"/>
        <source>Weight of %1</source>
        <extracomment>slider steps per unit of weight</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="137"/>
        <source>Criteria weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="157"/>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="176"/>
        <source>not set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="164"/>
        <source>Service-level objective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="166"/>
        <source>TTFT p99 ≤</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="166"/>
        <source>TPOT p99 ≤</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="167"/>
        <source>Tokens/s per user ≥</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="168"/>
        <source>Error rate ≤</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="183"/>
        <source>Peak demand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="185"/>
        <source>Output tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="186"/>
        <source>or requests/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="187"/>
        <source>input tokens / request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="188"/>
        <source>output tokens / request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="197"/>
        <source>Cost view that drives the ranking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="201"/>
        <source>all-in: every GPU at its all-in $/GPU-h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="202"/>
        <source>cash: what we will spend (owned GPUs&apos; capex sunk)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="213"/>
        <source>cost view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="229"/>
        <source>Ranking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="230"/>
        <source>Criteria</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="252"/>
        <source>Ranking (weighted score, live)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="272"/>
        <source>Criterion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="273"/>
        <source>Weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="274"/>
        <source>Winner holds from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="275"/>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="290"/>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="293"/>
        <source>to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="276"/>
        <source>Below: winner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="277"/>
        <source>Above: winner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="283"/>
        <source>Input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="284"/>
        <source>Low</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="285"/>
        <source>Likely</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="286"/>
        <source>High</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="287"/>
        <source>Unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="288"/>
        <source>Flips below</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="291"/>
        <source>Flips above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="318"/>
        <source>low %1 · likely %2 · high %3 (editing the likely value widens the range if needed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="324"/>
        <source>Option</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="326"/>
        <source>Pricing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="327"/>
        <source>$/GPU-hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="329"/>
        <source>Capex per GPU ($)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="331"/>
        <source>kW per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="333"/>
        <source>Assumed tok/s/GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="479"/>
        <source>$/M output tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="491"/>
        <source>%1 (%2): P(best) %3, $/M tokens P50 %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="223"/>
        <source>Weight intervals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="224"/>
        <source>Flip values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="226"/>
        <source>Prices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="260"/>
        <source>Monte Carlo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="262"/>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="473"/>
        <source>Monte Carlo running…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="126"/>
        <source>&lt;h2&gt;Compare&lt;/h2&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="339"/>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="368"/>
        <source>SLO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="376"/>
        <source>demand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="416"/>
        <source>Weights are relative: each criterion counts by its share of the total. Drag a slider and the ranking follows. Not used: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="419"/>
        <source>Weights are relative: each criterion counts by its share of the total. Drag a slider and the ranking follows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="430"/>
        <source>Ranked first: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="431"/>
        <source>No option can be ranked: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="466"/>
        <source>No winner, so no sensitivity.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="496"/>
        <source>%1 draws (seed %2), %3 cost view. Whisker: P10–P90 of $/M output tokens; dot: P50.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="499"/>
        <source>Most often best: &lt;b&gt;%1&lt;/b&gt; (P(best) %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="503"/>
        <source>No winner in %1 of draws.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="505"/>
        <source>No option has a cost range yet: import benchmarks or give assumed capacities and prices.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ContextDialog</name>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="34"/>
        <source>Context for the import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="37"/>
        <source>Runtime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="37"/>
        <source>Platform</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="37"/>
        <source>GPU count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="38"/>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="38"/>
        <source>Runtime version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="39"/>
        <source>Quantization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="40"/>
        <source>Accept as a proxy because… (empty: not a proxy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="41"/>
        <source>Proxy throughput factor (low/likely/high)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="51"/>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="64"/>
        <source>— not known —</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="75"/>
        <source>suggested by the file name (%1): check it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="79"/>
        <source>&lt;b&gt;%1&lt;/b&gt; does not say everything the comparison needs. Tell deepdecide what it was measured on. A fact left “not known” makes its runs &lt;i&gt;needs context&lt;/i&gt;: they count for nothing until it is given.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DecisionPage</name>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="37"/>
        <source>pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="37"/>
        <source>approve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="38"/>
        <source>reject</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="38"/>
        <source>abstain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="42"/>
        <source>proposed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="42"/>
        <source>accepted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="43"/>
        <source>rejected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="43"/>
        <source>deprecated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="44"/>
        <source>superseded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="114"/>
        <source>Record id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="114"/>
        <source>Title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="114"/>
        <source>Date (last updated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="115"/>
        <source>Evidence cut-off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="115"/>
        <source>Decision makers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="116"/>
        <source>Consulted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="116"/>
        <source>Informed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="117"/>
        <source>Context and problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="117"/>
        <source>Decision drivers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="118"/>
        <source>Rationale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="118"/>
        <source>Good consequences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="119"/>
        <source>Bad consequences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="119"/>
        <source>Confirmation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="120"/>
        <source>Revisit when</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="120"/>
        <source>Supersedes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="121"/>
        <source>Superseded by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="130"/>
        <source>one entry per line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="138"/>
        <source>Decision record (MADR)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="169"/>
        <source>Export for approval…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="171"/>
        <source>Sign a record…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="173"/>
        <source>Approval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="175"/>
        <source>&lt;b&gt;Missing for approval&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="177"/>
        <source>&lt;b&gt;Signed&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="195"/>
        <source>Nothing: ready for approval.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="197"/>
        <source>Nobody may sign: name the decision makers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="226"/>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="227"/>
        <source>Role</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="229"/>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="230"/>
        <source>not signed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="231"/>
        <source>Date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="232"/>
        <source>Conditions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="237"/>
        <source>Add sign-off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="239"/>
        <source>Remove selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="241"/>
        <source>Export PDF decision record…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="248"/>
        <source>Sign-off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="154"/>
        <source>Outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="156"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="157"/>
        <source>Chosen option</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="158"/>
        <source>Considered options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="105"/>
        <source>&lt;h2&gt;Decision&lt;/h2&gt;</source>
        <extracomment>the user asked for the PDF decision record the user asked for the record exported for approval the user asked to sign a record as one approver</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="255"/>
        <source>Decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="274"/>
        <source>(name)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="274"/>
        <source>(role)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="275"/>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="281"/>
        <source>sign-offs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="303"/>
        <source>(not chosen yet)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EvidenceImporter</name>
    <message>
        <location filename="../../deepdecide/gui/evidence_import.py" line="66"/>
        <location filename="../../deepdecide/gui/evidence_import.py" line="71"/>
        <source>Importing %1…</source>
        <extracomment>facts the GUI asks for when a file lacks them (nothing is pre-filled but what the file name suggests)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/evidence_import.py" line="82"/>
        <location filename="../../deepdecide/gui/evidence_import.py" line="161"/>
        <source>Cannot import the evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/evidence_import.py" line="83"/>
        <source>Import failed; nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/evidence_import.py" line="87"/>
        <source>Import cancelled; nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/evidence_import.py" line="104"/>
        <source>Against the workload: %1 (%2); see the Evidence page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/evidence_import.py" line="106"/>
        <source>Against the workload: %1; see the Evidence page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/evidence_import.py" line="127"/>
        <source>Waiting for the context of the import…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/evidence_import.py" line="147"/>
        <source>No result files found; %1 file(s) skipped, nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/evidence_import.py" line="155"/>
        <source>%1 files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/evidence_import.py" line="158"/>
        <source>Import %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/evidence_import.py" line="164"/>
        <source>Imported %1: %2 runs, %3 parity checks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/evidence_import.py" line="170"/>
        <source>Skipped %1 file(s) that are not result files (first: %2: %3).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EvidencePage</name>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="130"/>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="132"/>
        <source>Tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="133"/>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="134"/>
        <source>Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="135"/>
        <source>Checks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="136"/>
        <source>Size (bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="137"/>
        <source>SHA-256</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="139"/>
        <source>Imported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="140"/>
        <source>Fits the workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="142"/>
        <source>Label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="146"/>
        <source>Import files…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="148"/>
        <source>Remove selected file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="150"/>
        <source>Set context…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="151"/>
        <source>Say what the selected file was measured on (runtime, platform, GPUs, model), or accept its runs as a proxy for the workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="154"/>
        <source>Proxy for one run or check…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="156"/>
        <source>Accept one run or parity check of the selected file as a proxy for the workload (with a reason and a discount), or withdraw it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="159"/>
        <source>or drop result files anywhere on the window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="189"/>
        <source>Filter rows (any column)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="195"/>
        <source>all runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="195"/>
        <source>that count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="196"/>
        <source>matching the workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="196"/>
        <source>proxies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="197"/>
        <source>mismatched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="197"/>
        <source>needing context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="203"/>
        <source>Runtime × platform:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="205"/>
        <source>Applicability:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="217"/>
        <source>Throughput per GPU against interactivity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="218"/>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="221"/>
        <source>output tokens/s per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="218"/>
        <source>tokens/s per user (1000 / TPOT p50)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="220"/>
        <source>Throughput per GPU against concurrency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="222"/>
        <source>TTFT against concurrency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="223"/>
        <source>TTFT (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="274"/>
        <source>(proxy accepted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="276"/>
        <source>(%1 accepted as proxies)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="345"/>
        <source>Proxy discount</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="346"/>
        <source>“%1” is not LOW/LIKELY/HIGH numbers with 0 &lt; low ≤ likely ≤ high.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="356"/>
        <source>Context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="359"/>
        <source>Context of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="378"/>
        <source>Proxy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="381"/>
        <source>run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="381"/>
        <source>check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="383"/>
        <source>Proxy for %1 %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="438"/>
        <source> — excluded (fails parity)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="438"/>
        <source> — predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="439"/>
        <source> — proxy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="439"/>
        <source> — does not count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="496"/>
        <source>%1 runs, none with TPOT p50 (interactivity is 1000 / TPOT p50, and these files publish no latency): the chart shows throughput per GPU along each concurrency sweep instead. Throughput alone says nothing about the SLO.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="509"/>
        <source>Each point is one run. The line through a group&apos;s points is its Pareto front (no other run of the group is better on both axes). Right of the red line meets the interactivity SLO. Latency: solid = p50, dashed = p99. Hollow points are illustrative, proxy or predicted data, filled ones measurements.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="224"/>
        <source>TPOT against concurrency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="225"/>
        <source>TPOT (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="113"/>
        <source>Charts</source>
        <extracomment>columns shown first in the normalized table (then every other non-empty field) applicability values whose runs count for nothing (shown greyed, with the reason) the user asked to import files (payload: None -&gt; ask for paths)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="114"/>
        <source>Normalized table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="116"/>
        <source>Predicted vs measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="171"/>
        <source>&lt;h2&gt;Evidence&lt;/h2&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="253"/>
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="257"/>
        <source>tool: %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="258"/>
        <source>%1 bytes, SHA-256 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="259"/>
        <source>imported %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="259"/>
        <source>(unknown)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="392"/>
        <source>Remove %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="410"/>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="449"/>
        <source>%1 runs from %2 files. Times in ms, throughputs in tokens/s; TPOT, ITL and e2e per token are different metrics and stay apart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="478"/>
        <source>SLO ≥ %1 tok/s/user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="481"/>
        <source>SLO bound 1000 / TPOT p99 %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="485"/>
        <source>Pareto front</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="221"/>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="223"/>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="225"/>
        <source>concurrency (log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="490"/>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="492"/>
        <source>SLO p99 ≤ %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="501"/>
        <source>%1 runs, none with both output throughput per GPU and TPOT p50 (interactivity is 1000 / TPOT p50, and these files publish no latency): nothing to plot yet. Their numbers are in the normalized table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="506"/>
        <source>No runs with throughput and TPOT yet: import benchmark results (File ▸ Import evidence, or drop files on the window).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="514"/>
        <source>%1 runs were driven by request rate, not concurrency, and are not in the latency charts.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="46"/>
        <source>Export the decision record</source>
        <extracomment>sections the record always holds (``report.build`` adds the cover: it carries the inputs&apos; hash)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="52"/>
        <source>Write decision record &lt;b&gt;%1&lt;/b&gt; as a PDF. The workspace it was built from is embedded, so &lt;tt&gt;deepdecide verify&lt;/tt&gt; can later prove that the file was not changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="84"/>
        <source>record.pdf</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="85"/>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="140"/>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="91"/>
        <source>Save to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="103"/>
        <source>%1 (always included)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="108"/>
        <source>Always included: the cover carries the SHA-256 of the inputs that the footer of every page repeats.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="117"/>
        <source>Select all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="119"/>
        <source>Only the cover</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="125"/>
        <source>Sections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="133"/>
        <source>Sign with a certificate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="139"/>
        <source>PKCS#12 file (.p12 or .pfx) with your key and certificate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="150"/>
        <source>the certificate file&apos;s password (not stored)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="153"/>
        <source>optional, e.g. Approved for production</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="156"/>
        <source>Certificate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="157"/>
        <source>Signer name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="158"/>
        <source>Password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="159"/>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="160"/>
        <source>The signature is appended after the record, so its bytes stay reproducible.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="172"/>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="179"/>
        <source>Cover</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="180"/>
        <source>Executive summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="181"/>
        <source>Context and decision drivers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="182"/>
        <source>Options compared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="183"/>
        <source>Support matrix (excerpt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="184"/>
        <source>Benchmark evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="185"/>
        <source>Parity verdicts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="186"/>
        <source>Service-gap checklist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="187"/>
        <source>Cost and TCO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="188"/>
        <source>Sensitivity and Monte Carlo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="189"/>
        <source>Migration plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="190"/>
        <source>Risks and consequences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="191"/>
        <source>Sign-off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="192"/>
        <source>Appendix: evidence files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="225"/>
        <source>Choose the file to write.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="227"/>
        <source>The target is a folder; give a file name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="229"/>
        <source>Choose at least one section besides the cover.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="232"/>
        <source>Choose the certificate file (.p12 or .pfx) to sign with.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="234"/>
        <source>Give the signer&apos;s name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="241"/>
        <source>%1 exists and will be replaced.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GapsPage</name>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="27"/>
        <source>not answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="27"/>
        <source>provided</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="28"/>
        <source>external</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="28"/>
        <source>missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="35"/>
        <source>as of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="93"/>
        <source>Person-weeks of engineering; low &lt;= likely &lt;= high is kept by moving the other points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="95"/>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="195"/>
        <source>Item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="96"/>
        <source>Category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="97"/>
        <source>Answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="100"/>
        <source>provided: the runtime has it; external: someone must build or integrate it (adds to the migration cost); missing: a blocker until an owner is named</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="102"/>
        <source>Owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="103"/>
        <source>Effort low</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="104"/>
        <source>likely</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="105"/>
        <source>high</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="106"/>
        <source>Notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="125"/>
        <source>Option:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="128"/>
        <source>&lt;h2&gt;Service gaps&lt;/h2&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="142"/>
        <source>Service gaps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="215"/>
        <source>%1 provided, %2 external, %3 missing, %4 not answered. External work, and missing items someone is named to build, add %5 / %6 / %7 person-weeks (low / likely / high) to the migration cost.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="222"/>
        <source>(external %1, missing with an owner %2 likely)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="225"/>
        <source>Blockers until someone names who builds them: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Interaction</name>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="22"/>
        <source>%1 problems in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="25"/>
        <source>the input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="27"/>
        <source>line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="30"/>
        <location filename="../../deepdecide/gui/interaction.py" line="35"/>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="35"/>
        <source>file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="36"/>
        <source>Unexpected error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="48"/>
        <source>Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="57"/>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="58"/>
        <source>Save the changes to %1 before closing it?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="65"/>
        <source>Recover unsaved work?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="66"/>
        <source>deepdecide was not closed normally. An autosaved copy of %1 exists.

Recover it?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="71"/>
        <source>Open workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="72"/>
        <location filename="../../deepdecide/gui/interaction.py" line="77"/>
        <source>deepdecide workspace (*.deepdecide.yaml *.yaml *.yml)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="72"/>
        <location filename="../../deepdecide/gui/interaction.py" line="106"/>
        <source>All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="76"/>
        <source>Save workspace as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="83"/>
        <source>Import evidence files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="84"/>
        <source>Benchmark and parity results (*.json *.jsonl *.csv *.yaml *.yml *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="89"/>
        <source>Export decision record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="90"/>
        <source>PDF (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="97"/>
        <source>CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="98"/>
        <source>Excel workbook (*.xlsx)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="105"/>
        <source>Certificate to sign with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="106"/>
        <source>PKCS#12 certificate (*.p12 *.pfx)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ItemProxyDialog</name>
    <message>
        <location filename="../../deepdecide/gui/views/item_proxy_dialog.py" line="30"/>
        <source>Proxy for one run or check of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/item_proxy_dialog.py" line="38"/>
        <source>run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/item_proxy_dialog.py" line="38"/>
        <source>check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/item_proxy_dialog.py" line="43"/>
        <source>why it stands for the workload (empty: withdraw the acceptance)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/item_proxy_dialog.py" line="45"/>
        <source>Its throughput is multiplied by this factor (low/likely/high); a check accepted as a proxy counts for builds only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/item_proxy_dialog.py" line="54"/>
        <source>Run or check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/item_proxy_dialog.py" line="55"/>
        <source>Accept as a proxy because…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/item_proxy_dialog.py" line="56"/>
        <source>Throughput factor</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LatencyChart</name>
    <message>
        <location filename="../../deepdecide/gui/widgets/charts.py" line="317"/>
        <source>No run driven by concurrency with this latency yet</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MachineCheckPanel</name>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="52"/>
        <source>Check a machine</source>
        <extracomment>an error the user must see (payload: the DeepdecideError)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="55"/>
        <source>GPU name, e.g. NVIDIA H100 80GB HBM3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="58"/>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="67"/>
        <source>not given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="61"/>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="62"/>
        <source>GPU count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="63"/>
        <source>OS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="63"/>
        <source>CUDA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="63"/>
        <source>Driver</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="63"/>
        <source>CANN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="64"/>
        <source>ROCm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="64"/>
        <source>GCC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="64"/>
        <source>Python</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="70"/>
        <source>Read nvidia-smi -q -x file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="72"/>
        <source>Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="83"/>
        <source>Runtime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="84"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="86"/>
        <source>Stack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="105"/>
        <source>%1 unmet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="107"/>
        <source>%1 not given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="108"/>
        <source>all met</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="118"/>
        <source>entered by hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="127"/>
        <source>Read an nvidia-smi -q -x capture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="128"/>
        <source>XML files (*.xml);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="150"/>
        <source>Enter a GPU name or read an nvidia-smi capture.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="157"/>
        <source>&lt;b&gt;%1&lt;/b&gt; is not a platform in the matrix: every runtime is &lt;b&gt;experimental&lt;/b&gt; on it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="162"/>
        <source>Recognised as &lt;b&gt;%1&lt;/b&gt; (%2). Officially listed: %3. Ready with the given stack: %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="164"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../deepdecide/gui/app.py" line="108"/>
        <location filename="../../deepdecide/gui/views/main_window.py" line="382"/>
        <location filename="../../deepdecide/gui/views/main_window.py" line="385"/>
        <source>Cannot open the workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="52"/>
        <source>Overview</source>
        <extracomment>(key, module, class) of each page, in sidebar order; modules are imported on first show</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="53"/>
        <source>Support matrix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="54"/>
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="55"/>
        <source>Parity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="56"/>
        <source>Service gaps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="57"/>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="58"/>
        <source>Decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="59"/>
        <source>Migration plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="112"/>
        <source>%1 (Ctrl+%2)</source>
        <extracomment>the page shown changed (payload: page key) set by ``app.build_window``: the error opening the workspace named at start-up, and whether to offer recovered autosaves once the window is shown start-up work that waits until the window is shown (set by ``app.build_window``)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="128"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="179"/>
        <source>Cannot read the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="218"/>
        <source>&amp;New from the built-in sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="219"/>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="220"/>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="221"/>
        <source>Save &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="222"/>
        <source>&amp;Import evidence…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="223"/>
        <source>Import benchmark or parity result files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="224"/>
        <source>&amp;Export PDF decision record…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="226"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="227"/>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="229"/>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="236"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="238"/>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="244"/>
        <source>E&amp;xport</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="247"/>
        <source>&amp;Comparison as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="249"/>
        <source>&amp;Evidence as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="251"/>
        <source>&amp;Parity checks as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="253"/>
        <source>&amp;Workbook as XLSX…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="255"/>
        <source>The comparison, the evidence and the parity checks in one workbook (needs openpyxl)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="261"/>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="264"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="272"/>
        <source>&amp;Present</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="274"/>
        <source>Full-screen slides of the decision, with a what-if that changes nothing (Esc leaves)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="275"/>
        <source>Present the decision full screen (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="277"/>
        <source>&amp;Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="280"/>
        <source>Follow the system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="280"/>
        <source>Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="280"/>
        <source>Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="287"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="288"/>
        <source>&amp;About deepdecide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="290"/>
        <source>Main</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="295"/>
        <location filename="../../deepdecide/gui/views/main_window.py" line="311"/>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="296"/>
        <location filename="../../deepdecide/gui/views/main_window.py" line="312"/>
        <source>Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="311"/>
        <source>Undo %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="312"/>
        <source>Redo %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="322"/>
        <source>About deepdecide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="322"/>
        <source>deepdecide %1

Evidence, comparison and a signed decision record for LLM-serving platform choices. Works offline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="336"/>
        <source>(no recent files)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="342"/>
        <source>untitled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="351"/>
        <source>the untitled workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="362"/>
        <source>Cannot load the built-in sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="390"/>
        <source>Opened %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="392"/>
        <source>Opened %1 with %2 warning(s): fix them before saving. First: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="412"/>
        <source>Cannot save the workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="417"/>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="431"/>
        <source>Autosave failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="444"/>
        <source>an untitled workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="446"/>
        <source>(autosaved %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="451"/>
        <source>Cannot recover the autosaved copy</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MatrixModel</name>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="26"/>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="37"/>
        <source>official</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="27"/>
        <source>experimental</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="28"/>
        <source>community</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="29"/>
        <source>unsupported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="30"/>
        <source>undocumented</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="38"/>
        <source>exper.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="39"/>
        <source>comm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="40"/>
        <source>unsupp.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="41"/>
        <source>undoc.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="51"/>
        <source>Not in the matrix: nothing found either way. Plan as experimental.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="52"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="53"/>
        <source>as of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="56"/>
        <source>Required stack:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="60"/>
        <source>Sources:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MatrixPage</name>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="187"/>
        <source>Filter platforms…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="202"/>
        <source>Show:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="211"/>
        <source>Click a cell for its required stack and sources.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="221"/>
        <source>&lt;h2&gt;Support matrix&lt;/h2&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="239"/>
        <source>Support matrix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="269"/>
        <source>Matrix as of %1 — %2 runtimes × %3 platforms. Hover or click a cell for the required stack, its sources and their dates.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="271"/>
        <source>(undated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="273"/>
        <source>All vendors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="274"/>
        <source>All runtime kinds</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MigrationPage</name>
    <message>
        <location filename="../../deepdecide/gui/views/migration_page.py" line="20"/>
        <source>to do</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/migration_page.py" line="20"/>
        <source>in progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/migration_page.py" line="21"/>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/migration_page.py" line="21"/>
        <source>blocked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/migration_page.py" line="43"/>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/migration_page.py" line="44"/>
        <source>Title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/migration_page.py" line="45"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/migration_page.py" line="47"/>
        <source>Owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/migration_page.py" line="48"/>
        <source>Notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/migration_page.py" line="54"/>
        <source>&lt;h2&gt;Migration plan&lt;/h2&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/migration_page.py" line="60"/>
        <source>Migration plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/migration_page.py" line="66"/>
        <source>%1 steps: %2 done, %3 in progress, %4 blocked, %5 to do. Double-click a status, owner or note to change it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OptionCard</name>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="79"/>
        <source>GPUs needed (owned + new)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="80"/>
        <source>$ / M output tokens, cash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="80"/>
        <source>$ / M output tokens, all-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="81"/>
        <source>TCO over the horizon, cash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="82"/>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="82"/>
        <source>TCO over the horizon, all-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="83"/>
        <source>P(best)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="83"/>
        <source>Runs vs the workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="108"/>
        <source>match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="108"/>
        <source>proxy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="109"/>
        <source>mismatch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="109"/>
        <source>need context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="110"/>
        <source>no run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="112"/>
        <source>%1 checks not counted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="121"/>
        <source>&lt;b&gt;#%1&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="122"/>
        <source>Rank by weighted score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="124"/>
        <source>not ranked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="127"/>
        <source>official</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="127"/>
        <source>experimental</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="138"/>
        <source>reached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="138"/>
        <source>not reached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="150"/>
        <source>Share of Monte Carlo draws in which this option ranks first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="153"/>
        <source>Monte Carlo running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="157"/>
        <source>nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="158"/>
        <source>run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="158"/>
        <source>check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="162"/>
        <source>… and %1 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="168"/>
        <source>capacity is an assumption (no applicable run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="169"/>
        <source>capacity is a lower bound (the SLO holds at the highest load measured)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="170"/>
        <source>capacity interpolated between two measured loads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="171"/>
        <source>fails the SLO at the lightest measured load: no capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="172"/>
        <source>fails parity: a required parity check failed, its runs are excluded from capacity and cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="176"/>
        <source>PROXY: capacity from runs accepted as a proxy (discounted); performs not reached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="178"/>
        <source>PREDICTED: capacity from an estimator or simulator, not a measurement; performs not reached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="181"/>
        <source>%1 run(s) do not count: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="184"/>
        <source>%1 blocker(s): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="197"/>
        <source>%1 owned GPUs freed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="209"/>
        <source>this view drives the ranking</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OverviewPage</name>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="243"/>
        <source>Edit workload…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="245"/>
        <source>The model (and its other names), precisions, tokens per request and dataset every run and parity check is judged against</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="270"/>
        <source>Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="282"/>
        <source>Workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="308"/>
        <source>&lt;h2&gt;%1&lt;/h2&gt;%2 options for %3 · %4 evidence files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="311"/>
        <source>Evidence is judged against the %1. Runs and checks of another model, precision, request shape or dataset are shown but count for nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="315"/>
        <source>Runs and parity checks that match the workload count; a proxy the user accepted counts, discounted, for capacity; a mismatch or a run that needs context counts for nothing</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Page</name>
    <message>
        <location filename="../../deepdecide/gui/views/page.py" line="47"/>
        <source>Edit %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ParityPage</name>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="22"/>
        <source>✔ pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="22"/>
        <source>✘ fail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="23"/>
        <source>? inconclusive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="23"/>
        <source>— no evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="27"/>
        <source>Kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="27"/>
        <source>Logits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="28"/>
        <source>Greedy match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="28"/>
        <source>Eval accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="29"/>
        <source>Structured output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="30"/>
        <source>Long context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="71"/>
        <source>matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="72"/>
        <source>proxy (builds only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="73"/>
        <source>mismatch — not counted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="74"/>
        <source>needs context — not counted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="86"/>
        <source>%1 = %2 vs %3 (reference %4), Δ %5, n = %6, stderr %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="89"/>
        <source>rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="90"/>
        <source>(not stated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="105"/>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="107"/>
        <source>Fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="109"/>
        <source>How the check fits the decision&apos;s workload (its model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="110"/>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="111"/>
        <source>Task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="112"/>
        <source>Metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="113"/>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="114"/>
        <source>Reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="116"/>
        <source>Δ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="117"/>
        <source>n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="118"/>
        <source>stderr</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="119"/>
        <source>Rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="120"/>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="125"/>
        <source>Click a cell to see the checks behind it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="138"/>
        <source>&lt;h2&gt;Parity&lt;/h2&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="145"/>
        <source>Parity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="155"/>
        <source>Option</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="165"/>
        <source>%1 more check(s) count for no verdict (another model, a proxy, or needing context)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="168"/>
        <source>No check of this kind on this exact runtime and platform.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="174"/>
        <source>* required before an option counts as correct</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="183"/>
        <source>%1 parity checks imported. A verdict needs the option&apos;s exact runtime and platform. Too few samples to decide is inconclusive, never a pass. Required kinds are marked *.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="213"/>
        <source>%1 — %2: %3 checks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="215"/>
        <source>%1 — %2: %3 checks count; %4 more shown in grey count for no verdict (another model, a proxy, or needing context)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PdfExport</name>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="102"/>
        <source>Writing and signing %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="103"/>
        <source>Writing %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="106"/>
        <source>Wrote the decision record %1, signed by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="108"/>
        <source>Wrote the decision record %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="110"/>
        <location filename="../../deepdecide/gui/pdf_export.py" line="163"/>
        <source>Export cancelled; nothing was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="113"/>
        <location filename="../../deepdecide/gui/pdf_export.py" line="166"/>
        <source>Export failed; nothing was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="114"/>
        <location filename="../../deepdecide/gui/pdf_export.py" line="167"/>
        <source>Cannot export the decision record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="142"/>
        <source>Not ready for approval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="143"/>
        <source>Missing:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="159"/>
        <source>Writing %1 for approval…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="161"/>
        <source>Wrote %1 for approval; each approver signs it in turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="203"/>
        <source>Signing %1 as %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="206"/>
        <source>Signed %1 as %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="209"/>
        <source>Not signed; the record is unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="210"/>
        <source>Cannot sign the decision record</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PredictionPairsPanel</name>
    <message>
        <location filename="../../deepdecide/gui/views/prediction_pairs.py" line="40"/>
        <source>Each row is a predicted run beside a measured run of the same configuration (runtime, platform, model, GPU count, token lengths within 10 %, the same load). Error = (predicted − measured) / measured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/prediction_pairs.py" line="45"/>
        <source>%1 predicted run(s) and no measured run of the same configuration: their error is unknown, and capacities resting on them get no range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/prediction_pairs.py" line="48"/>
        <source>No predicted runs (estimators or simulators such as AIConfigurator, vidur, BLIS) are imported.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PresentationWindow</name>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="242"/>
        <source>Presentation — deepdecide</source>
        <extracomment>the slide shown changed (payload: its index)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="252"/>
        <source>Back to the saved decision (B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="266"/>
        <source>The question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="267"/>
        <source>The options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="268"/>
        <source>The evidence per option</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="269"/>
        <source>Capacity and cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="270"/>
        <source>What would flip it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="271"/>
        <source>The recommendation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="272"/>
        <source>Sign-off status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="313"/>
        <source>→ / Space next   ← previous   W what-if   B baseline   Esc leaves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="390"/>
        <source>weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="392"/>
        <source>SLO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="393"/>
        <source>what-if: differs from the saved decision (%1 changed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="395"/>
        <source>the top rank moves from %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="396"/>
        <location filename="../../deepdecide/gui/views/presentation.py" line="398"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="398"/>
        <source>%1 still ranks first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="436"/>
        <source>Model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="446"/>
        <source>Peak demand: %1 · SLO: %2 · horizon %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="458"/>
        <location filename="../../deepdecide/gui/views/presentation.py" line="471"/>
        <location filename="../../deepdecide/gui/views/presentation.py" line="500"/>
        <source>Option</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="458"/>
        <source>Strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="458"/>
        <source>Support</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="458"/>
        <source>Full name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="469"/>
        <source>all three claims shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="471"/>
        <source>Builds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="471"/>
        <source>Correct</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="471"/>
        <source>Performs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="471"/>
        <source>Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="472"/>
        <source>First gap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="479"/>
        <source>match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="479"/>
        <source>proxy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="480"/>
        <source>mismatch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="480"/>
        <source>need context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="482"/>
        <source>no runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="492"/>
        <source>none (no run, no assumption)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="499"/>
        <source>Cost view: %1 · capacity under the SLO (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="500"/>
        <source>Capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="500"/>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="500"/>
        <source>$/M tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="501"/>
        <source>TCO %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="502"/>
        <source>To production</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="502"/>
        <source>Capacity basis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="508"/>
        <source>No option ranks first, so nothing can flip.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="511"/>
        <source>%1 ranks first. It stays first while each weight stays in its range (the others unchanged):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="515"/>
        <source>no limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="516"/>
        <source>below → %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="517"/>
        <source>above → %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="519"/>
        <source>never flips</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="520"/>
        <source>Criterion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="520"/>
        <source>Weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="520"/>
        <source>Holds for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="520"/>
        <source>Beyond</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="524"/>
        <source>Uncertain inputs that flip it inside their range:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="528"/>
        <source>below %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="529"/>
        <location filename="../../deepdecide/gui/views/presentation.py" line="532"/>
        <source>none eligible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="531"/>
        <source>above %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="535"/>
        <source>No uncertain input flips it inside its low–high range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="540"/>
        <source>No recommendation yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="546"/>
        <source>Recommended: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="550"/>
        <source>Ranked first of %1 with %2 points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="552"/>
        <source>; next: %1 with %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="555"/>
        <source>officially supported on its platform</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="556"/>
        <source>experimental: not on the runtime&apos;s official list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="557"/>
        <source>evidence level %1 of 3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="559"/>
        <source>its capacity is an assumption, not a measurement that meets the SLO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="561"/>
        <source>blocker: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="565"/>
        <source>agrees</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="565"/>
        <source>differs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="566"/>
        <source>The record&apos;s chosen option: %1 (%2 with the ranking)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="572"/>
        <source>Record %1 · status %2 · updated %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="575"/>
        <source>Nobody is asked to sign off yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="579"/>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="579"/>
        <source>Role</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="579"/>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="579"/>
        <source>Date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="579"/>
        <source>Conditions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="582"/>
        <source>%1 of %2 approved, %3 pending</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SignDialog</name>
    <message>
        <location filename="../../deepdecide/gui/views/sign_dialog.py" line="21"/>
        <source>Sign the decision record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/sign_dialog.py" line="24"/>
        <source>the PDF exported for approval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/sign_dialog.py" line="28"/>
        <source>approve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/sign_dialog.py" line="29"/>
        <source>reject</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/sign_dialog.py" line="32"/>
        <source>your PKCS#12 file (.p12/.pfx)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/sign_dialog.py" line="35"/>
        <source>review signature (not an approval)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/sign_dialog.py" line="36"/>
        <source>Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/sign_dialog.py" line="37"/>
        <source>Role</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/sign_dialog.py" line="38"/>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/sign_dialog.py" line="39"/>
        <source>Conditions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/sign_dialog.py" line="40"/>
        <source>Certificate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/sign_dialog.py" line="41"/>
        <source>Password</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Summary</name>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="14"/>
        <source>builds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="14"/>
        <source>correct</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="14"/>
        <source>performs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="20"/>
        <source>no option has a score yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="21"/>
        <source>No recommendation yet: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="27"/>
        <source>evidence level %1 of 3 (claims shown: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="29"/>
        <source>no evidence level reached yet (no build, parity or benchmark on its platform)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="30"/>
        <source>officially supported on its platform</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="31"/>
        <source>experimental (not on the runtime&apos;s official list)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="32"/>
        <source>Recommendation: &lt;b&gt;%1&lt;/b&gt; — ranked first of %2 with %3 points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="35"/>
        <source> (next: %1, %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="38"/>
        <source>its capacity is an assumption, not a measurement that meets the SLO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="41"/>
        <source>its capacity is PREDICTED by an estimator or simulator, not a measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="46"/>
        <source>best in %1 of %2 Monte Carlo draws</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TableExport</name>
    <message>
        <location filename="../../deepdecide/gui/table_export.py" line="55"/>
        <source>Export the comparison as CSV</source>
        <extracomment>what can be exported: key -&gt; (file suffix)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/table_export.py" line="56"/>
        <source>Export the evidence as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/table_export.py" line="57"/>
        <source>Export the parity checks as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/table_export.py" line="58"/>
        <source>Export a workbook (XLSX)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/table_export.py" line="61"/>
        <source>XLSX export needs openpyxl: pip install &apos;deepdecide[xlsx]&apos; (CSV export works without it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/table_export.py" line="78"/>
        <source>Export failed; nothing was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/table_export.py" line="82"/>
        <source>Wrote %1 (%2 rows)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ThroughputChart</name>
    <message>
        <location filename="../../deepdecide/gui/widgets/charts.py" line="249"/>
        <source>No run with a concurrency and a throughput per GPU yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/widgets/charts.py" line="281"/>
        <source>No run with TPOT p50 yet (interactivity is 1000 / TPOT p50)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WhatIfPanel</name>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="203"/>
        <source>no limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="209"/>
        <source>What-if on weights and SLO (the saved decision is not changed)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WorkloadDialog</name>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="36"/>
        <source>Workload of the decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="39"/>
        <source>e.g. DeepSeek-V4.1-Flash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="41"/>
        <source>other names of the same model, comma-separated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="42"/>
        <source>Only names you declare count as the same model: a hub id or a checkpoint path of this model. A smaller model of the same architecture is a proxy, not an alias.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="46"/>
        <source>e.g. fp4, fp8 (empty: any)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="48"/>
        <source>LOW-HIGH, e.g. 6144-10240 (empty: any)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="50"/>
        <source>LOW-HIGH, e.g. 768-1280 (empty: any)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="52"/>
        <source>dataset or traffic class, e.g. random, chat, RAG (empty: any)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="55"/>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="56"/>
        <source>Also known as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="57"/>
        <source>Precisions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="58"/>
        <source>Input tokens per request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="59"/>
        <source>Output tokens per request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="60"/>
        <source>Dataset / traffic class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="61"/>
        <source>Notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="66"/>
        <source>Runs and parity checks of another model, precision, request shape or dataset are shown but count for nothing, unless you accept them as a proxy.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
