<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>AssessedModels</name>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="29"/>
        <source>Rank</source>
        <translation>Puesto</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="31"/>
        <location filename="../../deepdecide/gui/models/assessed.py" line="103"/>
        <source>Option</source>
        <translation>Opción</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="32"/>
        <source>Score</source>
        <translation>Puntuación</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="34"/>
        <source>Support</source>
        <translation>Soporte</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="37"/>
        <source>Evidence</source>
        <translation>Evidencia</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="39"/>
        <source>Eligibility</source>
        <translation>Elegibilidad</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="39"/>
        <source>eligible</source>
        <translation>elegible</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="41"/>
        <source>GPUs (owned + bought + rented)</source>
        <translation>GPU (propias + compradas + alquiladas)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="43"/>
        <source>Payback</source>
        <translation>Recuperación</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="70"/>
        <source>Criterion</source>
        <translation>Criterio</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="71"/>
        <source>Metric</source>
        <translation>Métrica</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="72"/>
        <source>Weight</source>
        <translation>Peso</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="73"/>
        <source>Share</source>
        <translation>Proporción</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="74"/>
        <source>Scored</source>
        <translation>Puntúa</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="74"/>
        <source>yes</source>
        <translation>sí</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="74"/>
        <source>no</source>
        <translation>no</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="77"/>
        <source>Note</source>
        <translation>Nota</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="95"/>
        <source>person-weeks, likely (the low–high range on hover)</source>
        <translation>semanas-persona, valor probable (el intervalo bajo–alto, al pasar el ratón)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="96"/>
        <source>likely (low–high): </source>
        <translation>probable (bajo–alto): </translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="104"/>
        <source>Porting</source>
        <translation>Portabilidad</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="105"/>
        <source>External</source>
        <translation>Externo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="106"/>
        <source>Missing, owned</source>
        <translation>Falta, con responsable</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="107"/>
        <source>Checklist</source>
        <translation>Lista de control</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="108"/>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/assessed.py" line="109"/>
        <source>Blockers</source>
        <translation>Bloqueantes</translation>
    </message>
</context>
<context>
    <name>ComparePage</name>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="90"/>
        <source>Weight of %1</source>
        <extracomment>slider steps per unit of weight</extracomment>
        <translation>Peso de %1</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="156"/>
        <source>Criteria weights</source>
        <translation>Pesos de los criterios</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="178"/>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="197"/>
        <source>not set</source>
        <translation>sin definir</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="180"/>
        <source>Service-level objective</source>
        <translation>Objetivo de nivel de servicio</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="204"/>
        <source>Peak demand</source>
        <translation>Demanda punta</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="207"/>
        <source>Output tokens/s</source>
        <translation>Tokens de salida/s</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="208"/>
        <source>or requests/s</source>
        <translation>o peticiones/s</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="209"/>
        <source>input tokens / request</source>
        <translation>tokens de entrada / petición</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="210"/>
        <source>output tokens / request</source>
        <translation>tokens de salida / petición</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="219"/>
        <source>Cost view that drives the ranking</source>
        <translation>Vista de coste que decide la clasificación</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="224"/>
        <source>cash: what we will spend (owned GPUs&apos; capex sunk)</source>
        <translation>caja: lo que se va a gastar (capex de las GPU propias hundido)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="239"/>
        <source>all-in: every GPU at its all-in %1/GPU-h</source>
        <translation>todo incluido: cada GPU a su %1/GPU-h completo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="248"/>
        <source>cost view</source>
        <translation>vista de coste</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="264"/>
        <source>Ranking</source>
        <translation>Clasificación</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="265"/>
        <source>Criteria</source>
        <translation>Criterios</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="287"/>
        <source>Ranking (weighted score, live)</source>
        <translation>Clasificación (puntuación ponderada, en vivo)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="307"/>
        <source>Criterion</source>
        <translation>Criterio</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="308"/>
        <source>Weight</source>
        <translation>Peso</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="309"/>
        <source>Winner holds from</source>
        <translation>La ganadora se mantiene desde</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="310"/>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="330"/>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="334"/>
        <source>to</source>
        <translation>hasta</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="311"/>
        <source>Below: winner</source>
        <translation>Debajo: gana</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="313"/>
        <source>Above: winner</source>
        <translation>Encima: gana</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="321"/>
        <source>Input</source>
        <translation>Dato de entrada</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="324"/>
        <source>Low</source>
        <translation>Bajo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="325"/>
        <source>Likely</source>
        <translation>Probable</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="326"/>
        <source>High</source>
        <translation>Alto</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="327"/>
        <source>Unit</source>
        <translation>Unidad</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="328"/>
        <source>Flips below</source>
        <translation>Cambia por debajo de</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="332"/>
        <source>Flips above</source>
        <translation>Cambia por encima de</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="374"/>
        <source>low %1 · likely %2 · high %3 (editing the likely value widens the range if needed)</source>
        <translation>bajo %1 · probable %2 · alto %3 (al editar el valor probable, el intervalo se amplía si hace falta)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="377"/>
        <source>The platform&apos;s price (fleet), shared by every option on it: editing it here gives this option a price of its own.</source>
        <translation>El precio de la plataforma (flota), compartido por todas sus opciones: editarlo aquí da a esta opción un precio propio.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="512"/>
        <source>No recommendation: %1</source>
        <translation>Sin recomendación: %1</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="572"/>
        <source>%1/M output tokens</source>
        <translation>%1/M tok. de salida</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="582"/>
        <source>%1 (%2): P(best) %3, %5/M tokens P50 %4</source>
        <translation>%1 (%2): P(mejor) %3, %5/M tokens P50 %4</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="590"/>
        <source>Whisker: P10–P90 of %1/M output tokens; dot: P50.</source>
        <translation>Bigote: P10–P90 de %1/M tokens de salida; punto: P50.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="591"/>
        <source>%1 draws (seed %2), %3 cost view. Whisker: P10–P90 of %4/M output tokens; dot: P50.</source>
        <translation>%1 muestras (semilla %2), vista de coste %3. Bigote: P10–P90 de %4/M tokens de salida; punto: P50.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="320"/>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="392"/>
        <source>Option</source>
        <translation>Opción</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="394"/>
        <source>Pricing</source>
        <translation>Precios</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="399"/>
        <source>kW per GPU</source>
        <translation>kW por GPU</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="402"/>
        <source>Assumed tok/s/GPU</source>
        <translation>Tok/s/GPU supuestos</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="258"/>
        <source>Weight intervals</source>
        <translation>Intervalos de peso</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="259"/>
        <source>Flip values</source>
        <translation>Valores de cambio</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="261"/>
        <source>Prices</source>
        <translation>Precios</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="295"/>
        <source>Monte Carlo</source>
        <translation>Monte Carlo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="297"/>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="561"/>
        <source>Monte Carlo running…</source>
        <translation>Monte Carlo en curso…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="145"/>
        <source>&lt;h2&gt;Compare&lt;/h2&gt;</source>
        <extracomment>the widest the flip table&apos;s input column grows (the values beside it stay in view at 1280 px)</extracomment>
        <translation>&lt;h2&gt;Comparativa&lt;/h2&gt;</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="385"/>
        <source>%1/GPU-hour</source>
        <translation>%1/GPU-hora</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="386"/>
        <source>Capex per GPU (%1)</source>
        <translation>Capex por GPU (%1)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="409"/>
        <source>Compare</source>
        <translation>Comparativa</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="443"/>
        <source>SLO</source>
        <translation>SLO</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="452"/>
        <source>demand</source>
        <translation>demanda</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="462"/>
        <source>more is better</source>
        <translation>más es mejor</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="462"/>
        <source>less is better</source>
        <translation>menos es mejor</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="497"/>
        <source>Weights are relative: each criterion counts by its share of the total. Drag a slider and the ranking follows. Not used: %1</source>
        <translation>Los pesos son relativos: cada criterio cuenta según su proporción del total. Mueva un control deslizante y la clasificación se actualiza. Sin usar: %1</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="500"/>
        <source>Weights are relative: each criterion counts by its share of the total. Drag a slider and the ranking follows.</source>
        <translation>Los pesos son relativos: cada criterio cuenta según su proporción del total. Mueva un control deslizante y la clasificación se actualiza.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="511"/>
        <source>Ranked first: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>En primer puesto: &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="514"/>
        <source>No option can be ranked: %1</source>
        <translation>No se puede clasificar ninguna opción: %1</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="554"/>
        <source>No winner, so no sensitivity.</source>
        <translation>No hay ganadora, así que no hay análisis de sensibilidad.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="594"/>
        <source>Most often best: &lt;b&gt;%1&lt;/b&gt; (P(best) %2).</source>
        <translation>La mejor con más frecuencia: &lt;b&gt;%1&lt;/b&gt; (P(mejor) %2).</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="598"/>
        <source>No winner in %1 of draws.</source>
        <translation>Sin ganadora en el %1 de las muestras.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/compare_page.py" line="600"/>
        <source>No option has a cost range yet: import benchmarks or give assumed capacities and prices.</source>
        <translation>Ninguna opción tiene aún un intervalo de coste: importe benchmarks o indique capacidades y precios supuestos.</translation>
    </message>
</context>
<context>
    <name>ContextDialog</name>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="35"/>
        <source>Context for the import</source>
        <translation>Contexto de la importación</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="38"/>
        <source>Runtime</source>
        <translation>Runtime</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="38"/>
        <source>Platform</source>
        <translation>Plataforma</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="38"/>
        <source>GPU count</source>
        <translation>Número de GPU</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="39"/>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="39"/>
        <source>Runtime version</source>
        <translation>Versión del runtime</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="40"/>
        <source>Quantization</source>
        <translation>Cuantización</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="41"/>
        <source>Input tokens per request (mean)</source>
        <translation>Tokens de entrada por petición (media)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="42"/>
        <source>Output tokens per request (mean)</source>
        <translation>Tokens de salida por petición (media)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="43"/>
        <source>Accept as a proxy because… (empty: not a proxy)</source>
        <translation>Se acepta como proxy porque… (vacío: no es un proxy)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="44"/>
        <source>Proxy throughput factor (low/likely/high)</source>
        <translation>Factor de throughput del proxy (bajo/probable/alto)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="54"/>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="67"/>
        <source>— not known —</source>
        <translation>— desconocido —</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="78"/>
        <source>suggested by the file name (%1): check it</source>
        <translation>sugerido por el nombre del archivo (%1): compruébelo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/context_dialog.py" line="82"/>
        <source>&lt;b&gt;%1&lt;/b&gt; does not say everything the comparison needs. Tell deepdecide what it was measured on. A fact left “not known” makes its runs &lt;i&gt;needs context&lt;/i&gt;: they count for nothing until it is given.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; no indica todo lo que la comparación necesita. Indique a deepdecide sobre qué se midió. Un dato que quede como «desconocido» deja sus ejecuciones en &lt;i&gt;falta contexto&lt;/i&gt;: no cuentan para nada hasta que se indique.</translation>
    </message>
</context>
<context>
    <name>DecisionPage</name>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="38"/>
        <source>pending</source>
        <translation>pendiente</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="38"/>
        <source>approve</source>
        <translation>aprobar</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="39"/>
        <source>reject</source>
        <translation>rechazar</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="39"/>
        <source>abstain</source>
        <translation>abstenerse</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="43"/>
        <source>proposed</source>
        <translation>propuesta</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="43"/>
        <source>accepted</source>
        <translation>aceptada</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="44"/>
        <source>rejected</source>
        <translation>rechazada</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="44"/>
        <source>deprecated</source>
        <translation>obsoleta</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="45"/>
        <source>superseded</source>
        <translation>sustituida</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="117"/>
        <source>Record id</source>
        <translation>Id. del registro</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="117"/>
        <source>Title</source>
        <translation>Título</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="117"/>
        <source>Date (last updated)</source>
        <translation>Fecha (última actualización)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="118"/>
        <source>Evidence cut-off</source>
        <translation>Fecha de corte de la evidencia</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="118"/>
        <source>Decision makers</source>
        <translation>Responsables de la decisión</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="119"/>
        <source>Consulted</source>
        <translation>Consultados</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="119"/>
        <source>Informed</source>
        <translation>Informados</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="120"/>
        <source>Context and problem</source>
        <translation>Contexto y problema</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="120"/>
        <source>Decision drivers</source>
        <translation>Factores de decisión</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="121"/>
        <source>Rationale</source>
        <translation>Justificación</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="121"/>
        <source>Good consequences</source>
        <translation>Consecuencias positivas</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="122"/>
        <source>Bad consequences</source>
        <translation>Consecuencias negativas</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="122"/>
        <source>Confirmation</source>
        <translation>Confirmación</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="123"/>
        <source>Revisit when</source>
        <translation>Revisar cuando</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="123"/>
        <source>Supersedes</source>
        <translation>Sustituye a</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="124"/>
        <source>Superseded by</source>
        <translation>Sustituida por</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="139"/>
        <source>YYYY-MM-DD</source>
        <comment>an ISO date typed in a field</comment>
        <translation>AAAA-MM-DD</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="143"/>
        <source>one entry per line</source>
        <translation>una entrada por línea</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="151"/>
        <source>Decision record (MADR)</source>
        <translation>Registro de decisión (MADR)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="185"/>
        <source>Export for approval…</source>
        <translation>Exportar para aprobación…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="187"/>
        <source>Sign a record…</source>
        <translation>Firmar un registro…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="189"/>
        <source>Approval</source>
        <translation>Aprobación</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="191"/>
        <source>&lt;b&gt;Missing for approval&lt;/b&gt;</source>
        <translation>&lt;b&gt;Falta para la aprobación&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="193"/>
        <source>&lt;b&gt;Signed&lt;/b&gt;</source>
        <translation>&lt;b&gt;Firmado&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="212"/>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="223"/>
        <source>Changes since the last record</source>
        <extracomment>at most this many changes are listed per kind (inputs, outcome); the rest are counted</extracomment>
        <translation>Cambios desde el último registro</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="224"/>
        <source>Not saved or exported yet: nothing to compare with.</source>
        <translation>Aún sin guardar ni exportar: no hay nada con qué comparar.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="226"/>
        <source>Changes since %1</source>
        <translation>Cambios desde %1</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="228"/>
        <source>None: the workspace is as in %1.</source>
        <translation>Ninguno: el espacio de trabajo está como en %1.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="239"/>
        <source>… and %1 more</source>
        <translation>… y %1 más</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="252"/>
        <source>Nothing: ready for approval.</source>
        <translation>Nada: listo para la aprobación.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="254"/>
        <source>Nobody may sign: name the decision makers.</source>
        <translation>Nadie puede firmar: indique los responsables de la decisión.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="283"/>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="284"/>
        <source>Role</source>
        <translation>Cargo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="286"/>
        <source>Certificate e-mail</source>
        <translation>Correo del certificado</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="288"/>
        <source>Issuing CA SHA-256</source>
        <translation>SHA-256 de la CA emisora</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="291"/>
        <source>Verdict</source>
        <translation>Dictamen</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="293"/>
        <source>not signed</source>
        <translation>sin firmar</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="294"/>
        <source>Date</source>
        <translation>Fecha</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="295"/>
        <source>Conditions</source>
        <translation>Condiciones</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="299"/>
        <source>Add sign-off</source>
        <translation>Añadir firmante</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="301"/>
        <source>Remove selected</source>
        <translation>Quitar selección</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="303"/>
        <source>Export PDF decision record…</source>
        <translation>Exportar registro en PDF…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="315"/>
        <source>Sign-off</source>
        <translation>Aprobaciones</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="170"/>
        <source>Outcome</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="125"/>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="172"/>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="125"/>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="173"/>
        <source>Chosen option</source>
        <translation>Opción elegida</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="126"/>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="174"/>
        <source>Considered options</source>
        <translation>Opciones consideradas</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="110"/>
        <source>&lt;h2&gt;Decision&lt;/h2&gt;</source>
        <extracomment>the fields that hold an ISO date the user asked for the PDF decision record the user asked for the record exported for approval the user asked to sign a record as one approver</extracomment>
        <translation>&lt;h2&gt;Decisión&lt;/h2&gt;</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="231"/>
        <source>unchanged</source>
        <comment>nothing changed in the inputs or the outcome</comment>
        <translation>sin cambios</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="232"/>
        <source>Inputs</source>
        <comment>what changed</comment>
        <translation>Datos de entrada</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="233"/>
        <source>Outcome</source>
        <comment>what changed</comment>
        <translation>Resultado</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="322"/>
        <source>Decision</source>
        <translation>Decisión</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="343"/>
        <source>(name)</source>
        <translation>(nombre)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="343"/>
        <source>(role)</source>
        <translation>(cargo)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="344"/>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="350"/>
        <source>sign-offs</source>
        <translation>aprobaciones</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/decision_page.py" line="374"/>
        <source>(not chosen yet)</source>
        <translation>(aún sin elegir)</translation>
    </message>
</context>
<context>
    <name>EvidenceImporter</name>
    <message numerus="yes">
        <location filename="../../deepdecide/gui/evidence_import.py" line="38"/>
        <source> (and %n more file(s) below %1 that failed)</source>
        <translation>
            <numerusform> (y %n archivo más bajo %1 que ha fallado)</numerusform>
            <numerusform> (y %n archivos más bajo %1 que han fallado)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/evidence_import.py" line="64"/>
        <location filename="../../deepdecide/gui/evidence_import.py" line="69"/>
        <source>Importing %1…</source>
        <translation>Importando %1…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/evidence_import.py" line="80"/>
        <location filename="../../deepdecide/gui/evidence_import.py" line="152"/>
        <source>Cannot import the evidence</source>
        <translation>No se puede importar la evidencia</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/evidence_import.py" line="81"/>
        <source>Import failed; nothing was changed.</source>
        <translation>La importación ha fallado; no se ha cambiado nada.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/evidence_import.py" line="85"/>
        <source>Import cancelled; nothing was changed.</source>
        <translation>Importación cancelada; no se ha cambiado nada.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/evidence_import.py" line="102"/>
        <source>Against the workload: %1 (%2); see the Evidence page.</source>
        <translation>Frente a la carga de trabajo: %1 (%2); vea la página Evidencia.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/evidence_import.py" line="104"/>
        <source>Against the workload: %1; see the Evidence page.</source>
        <translation>Frente a la carga de trabajo: %1; vea la página Evidencia.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/evidence_import.py" line="123"/>
        <source>Waiting for the context of the import…</source>
        <translation>Esperando el contexto de la importación…</translation>
    </message>
    <message numerus="yes">
        <location filename="../../deepdecide/gui/evidence_import.py" line="132"/>
        <source>No result files found; %n file(s) skipped, nothing was changed.</source>
        <translation>
            <numerusform>No se han encontrado archivos de resultados; se ha omitido %n archivo, no se ha cambiado nada.</numerusform>
            <numerusform>No se han encontrado archivos de resultados; se han omitido %n archivos, no se ha cambiado nada.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../deepdecide/gui/evidence_import.py" line="161"/>
        <source>Skipped %n file(s) that are not result files (first: %1: %2).</source>
        <translation>
            <numerusform>Se ha omitido %n archivo que no es de resultados (%1: %2).</numerusform>
            <numerusform>Se han omitido %n archivos que no son de resultados (el primero: %1: %2).</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/evidence_import.py" line="141"/>
        <location filename="../../deepdecide/gui/evidence_import.py" line="144"/>
        <source>%1 files</source>
        <translation>%1 archivos</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/evidence_import.py" line="145"/>
        <source>Import %1</source>
        <translation>Importar %1</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/evidence_import.py" line="155"/>
        <source>Imported %1: %2 runs, %3 parity checks.</source>
        <translation>Importado %1: %2 ejecuciones, %3 comprobaciones de paridad.</translation>
    </message>
</context>
<context>
    <name>EvidencePage</name>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="189"/>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="337"/>
        <source>File</source>
        <extracomment>the latency charts&apos; series of the last refresh, until their tab is shown (drawn then)</extracomment>
        <translation>Archivo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="191"/>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="338"/>
        <source>Tool</source>
        <translation>Herramienta</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="192"/>
        <source>Version</source>
        <translation>Versión</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="193"/>
        <source>Runs</source>
        <translation>Ejecuciones</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="194"/>
        <source>Checks</source>
        <translation>Comprobaciones</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="195"/>
        <source>Size (bytes)</source>
        <translation>Tamaño (bytes)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="196"/>
        <source>SHA-256</source>
        <translation>SHA-256</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="198"/>
        <source>Imported</source>
        <translation>Importado</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="201"/>
        <source>Fits the workload</source>
        <translation>Se ajusta a la carga</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="203"/>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="351"/>
        <source>Label</source>
        <translation>Etiqueta</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="207"/>
        <source>Import files…</source>
        <translation>Importar archivos…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="209"/>
        <source>Remove selected file</source>
        <translation>Quitar el archivo seleccionado</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="211"/>
        <source>Set context…</source>
        <translation>Indicar el contexto…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="212"/>
        <source>Say what the selected file was measured on (runtime, platform, GPUs, model), or accept its runs as a proxy for the workload</source>
        <translation>Indique sobre qué se midió el archivo seleccionado (runtime, plataforma, GPU, modelo) o acepte sus ejecuciones como proxy de la carga de trabajo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="215"/>
        <source>Proxy for one run or check…</source>
        <translation>Proxy para una ejecución o comprobación…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="217"/>
        <source>Accept one run or parity check of the selected file as a proxy for the workload (with a reason and a discount), or withdraw it</source>
        <translation>Acepte una ejecución o comprobación de paridad del archivo seleccionado como proxy de la carga de trabajo (con un motivo y un descuento), o retire la aceptación</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="220"/>
        <source>or drop result files anywhere on the window</source>
        <translation>o suelte archivos de resultados en cualquier parte de la ventana</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="255"/>
        <source>Filter rows (any column)…</source>
        <translation>Filtrar filas (cualquier columna)…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="261"/>
        <source>all runs</source>
        <translation>todas las ejecuciones</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="261"/>
        <source>that count</source>
        <translation>las que cuentan</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="262"/>
        <source>matching the workload</source>
        <translation>que coinciden con la carga</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="262"/>
        <source>proxies</source>
        <translation>proxies</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="263"/>
        <source>mismatched</source>
        <translation>no coincidentes</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="263"/>
        <source>needing context</source>
        <translation>que necesitan contexto</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="269"/>
        <source>Runtime × platform:</source>
        <translation>Runtime × plataforma:</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="271"/>
        <source>Applicability:</source>
        <translation>Aplicabilidad:</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="285"/>
        <source>Throughput per GPU against interactivity</source>
        <translation>Throughput por GPU frente a interactividad</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="286"/>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="289"/>
        <source>output tokens/s per GPU</source>
        <translation>tokens de salida/s por GPU</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="286"/>
        <source>tokens/s per user (1000 / TPOT p50)</source>
        <translation>tokens/s por usuario (1000 / TPOT p50)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="288"/>
        <source>Throughput per GPU against concurrency</source>
        <translation>Throughput por GPU frente a concurrencia</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="297"/>
        <source>TTFT against concurrency</source>
        <translation>TTFT frente a concurrencia</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="298"/>
        <source>TTFT (ms)</source>
        <translation>TTFT (ms)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="313"/>
        <source>own</source>
        <comment>kind of evidence</comment>
        <translation>propia</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="313"/>
        <source>third-party</source>
        <comment>kind of evidence</comment>
        <translation>de terceros</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="314"/>
        <source>illustrative</source>
        <comment>kind of evidence</comment>
        <translation>ilustrativa</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="315"/>
        <source>PREDICTED</source>
        <comment>kind of evidence</comment>
        <translation>PREDICHA</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="320"/>
        <source>matches</source>
        <comment>fit to the workload</comment>
        <translation>coincide</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="320"/>
        <source>proxy</source>
        <comment>fit to the workload</comment>
        <translation>proxy</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="321"/>
        <source>mismatch</source>
        <comment>fit to the workload</comment>
        <translation>no coincide</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="322"/>
        <source>needs-context</source>
        <comment>fit to the workload</comment>
        <translation>falta contexto</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="325"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="333"/>
        <source>e2e</source>
        <translation>e2e</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="334"/>
        <source>e2e per token</source>
        <translation>e2e por token</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="335"/>
        <source>%1 %2 (ms)</source>
        <translation>%1 %2 (ms)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="335"/>
        <source>mean</source>
        <translation>media</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="337"/>
        <source>Applicability</source>
        <translation>Aplicabilidad</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="337"/>
        <source>Kind</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="338"/>
        <source>Why</source>
        <translation>Motivo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="338"/>
        <source>Excluded</source>
        <translation>Excluida</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="339"/>
        <source>Tool version</source>
        <translation>Versión de la herramienta</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="339"/>
        <source>Runtime</source>
        <translation>Runtime</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="340"/>
        <source>Runtime version</source>
        <translation>Versión del runtime</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="340"/>
        <source>Platform</source>
        <translation>Plataforma</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="341"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="341"/>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="341"/>
        <source>Quantization</source>
        <translation>Cuantización</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="342"/>
        <source>Dataset</source>
        <translation>Conjunto de datos</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="342"/>
        <source>Concurrency</source>
        <translation>Concurrencia</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="343"/>
        <source>Request rate (req/s)</source>
        <translation>Tasa de peticiones (pet./s)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="343"/>
        <source>Input tokens</source>
        <translation>Tokens de entrada</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="344"/>
        <source>Output tokens</source>
        <translation>Tokens de salida</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="344"/>
        <source>Requests</source>
        <translation>Peticiones</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="345"/>
        <source>Completed</source>
        <translation>Completadas</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="345"/>
        <source>Failed</source>
        <translation>Fallidas</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="345"/>
        <source>Duration (s)</source>
        <translation>Duración (s)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="346"/>
        <source>Requests/s</source>
        <translation>Peticiones/s</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="346"/>
        <source>Output tokens/s</source>
        <translation>Tokens de salida/s</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="347"/>
        <source>Total tokens/s</source>
        <translation>Tokens totales/s</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="348"/>
        <source>Output tokens/s per GPU</source>
        <translation>Tokens de salida/s por GPU</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="349"/>
        <source>Tokens/s per user</source>
        <translation>Tokens/s por usuario</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="349"/>
        <source>Prefill GPUs</source>
        <translation>GPU de prefill</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="350"/>
        <source>Decode GPUs</source>
        <translation>GPU de decode</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="350"/>
        <source>Quality flags</source>
        <translation>Indicadores de calidad</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="351"/>
        <source>Missing context</source>
        <translation>Contexto que falta</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="351"/>
        <source>Max rate</source>
        <translation>Tasa máxima</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="352"/>
        <source>Power per GPU (W)</source>
        <translation>Potencia por GPU (W)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="353"/>
        <source>Energy per output token (J)</source>
        <translation>Energía por token de salida (J)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="354"/>
        <source>Energy per input token (J)</source>
        <translation>Energía por token de entrada (J)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="355"/>
        <source>Energy metered</source>
        <translation>Energía medida en</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="355"/>
        <source>Output tokens per joule</source>
        <translation>Tokens de salida por julio</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="356"/>
        <source>KV-cache pool (tokens)</source>
        <translation>Reserva de caché KV (tokens)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="356"/>
        <source>Re-measures run no.</source>
        <translation>Vuelve a medir la ejecución n.º</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="357"/>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="357"/>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="357"/>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="358"/>
        <source>DP-attention</source>
        <translation>DP-attention</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="358"/>
        <source>Speculative decoding</source>
        <translation>Decodificación especulativa</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="359"/>
        <source>Disaggregated</source>
        <translation>Desagregado</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="374"/>
        <source>source: %1 (retrieved %2)</source>
        <translation>origen: %1 (obtenido el %2)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="377"/>
        <source>matches</source>
        <translation>coincide con</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="377"/>
        <source>DOES NOT MATCH</source>
        <translation>NO COINCIDE con</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="378"/>
        <source>is not listed in</source>
        <translation>no figura en</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="379"/>
        <source>SHA-256 %1 the publisher&apos;s manifest %2 (%3)</source>
        <translation>el SHA-256 %1 el manifiesto del editor %2 (%3)</translation>
    </message>
    <message numerus="yes">
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="387"/>
        <source>%n predictor error row(s)</source>
        <comment>error table</comment>
        <translation>
            <numerusform>%n fila de error del predictor</numerusform>
            <numerusform>%n filas de error del predictor</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="400"/>
        <source>%n matches</source>
        <comment>fit count</comment>
        <translation>
            <numerusform>%n coincide</numerusform>
            <numerusform>%n coinciden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="400"/>
        <source>%n proxy</source>
        <comment>fit count</comment>
        <translation>
            <numerusform>%n proxy</numerusform>
            <numerusform>%n proxies</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="401"/>
        <source>%n mismatch</source>
        <comment>fit count</comment>
        <translation>
            <numerusform>%n no coincide</numerusform>
            <numerusform>%n no coinciden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="402"/>
        <source>%n needs-context</source>
        <comment>fit count</comment>
        <translation>
            <numerusform>%n necesita contexto</numerusform>
            <numerusform>%n necesitan contexto</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="407"/>
        <source>(proxy accepted)</source>
        <translation>(proxy aceptado)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="409"/>
        <source>(%1 accepted as proxies)</source>
        <translation>(%1 aceptadas como proxy)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="484"/>
        <source>Proxy discount</source>
        <translation>Descuento del proxy</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="485"/>
        <source>“%1” is not LOW/LIKELY/HIGH numbers with 0 &lt; low ≤ likely ≤ high.</source>
        <translation>«%1» no son números BAJO/PROBABLE/ALTO con 0 &lt; bajo ≤ probable ≤ alto.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="497"/>
        <source>Context</source>
        <translation>Contexto</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="501"/>
        <source>Context of %1</source>
        <translation>Contexto de %1</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="520"/>
        <source>Proxy</source>
        <translation>Proxy</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="524"/>
        <source>run</source>
        <translation>ejecución</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="524"/>
        <source>check</source>
        <translation>comprobación</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="526"/>
        <source>Proxy for %1 %2 of %3</source>
        <translation>Proxy para %1 %2 de %3</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="585"/>
        <source> — excluded (fails parity)</source>
        <translation> — excluida (no supera la paridad)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="585"/>
        <source> — predicted</source>
        <translation> — predicha</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="586"/>
        <source> — proxy</source>
        <translation> — proxy</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="586"/>
        <source> — does not count</source>
        <translation> — no cuenta</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="660"/>
        <source>%1 runs, none with TPOT p50 (interactivity is 1000 / TPOT p50, and these files publish no latency): the chart shows throughput per GPU along each concurrency sweep instead. Throughput alone says nothing about the SLO.</source>
        <translation>%1 ejecuciones, ninguna con TPOT p50 (la interactividad es 1000 / TPOT p50, y estos archivos no publican latencia): el gráfico muestra en su lugar el throughput por GPU a lo largo de cada barrido de concurrencia. El throughput por sí solo no dice nada del SLO.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="299"/>
        <source>TPOT against concurrency</source>
        <translation>TPOT frente a concurrencia</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="300"/>
        <source>TPOT (ms)</source>
        <translation>TPOT (ms)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="166"/>
        <source>Normalized table</source>
        <translation>Tabla normalizada</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="135"/>
        <source>%1 on %2</source>
        <extracomment>columns shown first in the normalized table (then every other non-empty field) the widest the file-name column of the files table grows (the label column after it keeps room) applicability values whose runs count for nothing (shown greyed, with the reason)</extracomment>
        <translation>%1 en %2</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="167"/>
        <source>Predicted vs measured</source>
        <translation>Predicho frente a medido</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="224"/>
        <source>&lt;h2&gt;Evidence&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;Evidencia&lt;/h2&gt;</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="364"/>
        <source>Evidence</source>
        <translation>Evidencia</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="368"/>
        <source>tool: %1 %2</source>
        <translation>herramienta: %1 %2</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="369"/>
        <source>%1 bytes, SHA-256 %2</source>
        <translation>%1 bytes, SHA-256 %2</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="370"/>
        <source>imported %1</source>
        <translation>importado %1</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="370"/>
        <source>(unknown)</source>
        <translation>(desconocido)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="536"/>
        <source>Remove %1</source>
        <translation>Quitar %1</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="557"/>
        <source>all</source>
        <translation>todas</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="596"/>
        <source>%1 runs from %2 files. Times in ms, throughputs in tokens/s; TPOT, ITL and e2e per token are different metrics and stay apart.</source>
        <translation>%1 ejecuciones de %2 archivos. Tiempos en ms, throughputs en tokens/s; TPOT, ITL y e2e por token son métricas distintas y se mantienen separadas.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="650"/>
        <source>Pareto front</source>
        <translation>Frente de Pareto</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="289"/>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="298"/>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="300"/>
        <source>concurrency (log scale)</source>
        <translation>concurrencia (escala logarítmica)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="164"/>
        <source>Throughput</source>
        <extracomment>the user asked to import files (payload: None -&gt; ask for paths)</extracomment>
        <translation>Throughput</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="165"/>
        <source>Latency</source>
        <translation>Latencia</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="665"/>
        <source>%1 runs, none with both output throughput per GPU and TPOT p50 (interactivity is 1000 / TPOT p50, and these files publish no latency): nothing to plot yet. Their numbers are in the normalized table.</source>
        <translation>%1 ejecuciones, ninguna con throughput de salida por GPU y TPOT p50 a la vez (la interactividad es 1000 / TPOT p50, y estos archivos no publican latencia): aún no hay nada que representar. Sus cifras están en la tabla normalizada.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="670"/>
        <source>No runs with throughput and TPOT yet: import benchmark results (File ▸ Import evidence, or drop files on the window).</source>
        <translation>Aún no hay ejecuciones con throughput y TPOT: importe resultados de benchmarks (Archivo ▸ Importar evidencia, o suelte archivos en la ventana).</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="673"/>
        <source>Each point is one run. The line through a group&apos;s points is its Pareto front (no other run of the group is better on both axes). Right of the red line meets the interactivity SLO. Hollow points are illustrative, proxy or predicted data, filled ones measurements.</source>
        <translation>Cada punto es una ejecución. La línea que une los puntos de un grupo es su frente de Pareto (ninguna otra ejecución del grupo es mejor en ambos ejes). A la derecha de la línea roja se cumple el SLO de interactividad. Los puntos huecos son datos ilustrativos, de proxy o predichos; los rellenos, mediciones.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="696"/>
        <source>&lt;h3&gt;No latency to plot&lt;/h3&gt;&lt;p&gt;None of the %1 runs shown publishes TTFT or TPOT against a concurrency: these files report throughput only.&lt;/p&gt;&lt;p&gt;Their numbers are in the normalized table; import results with latency (File ▸ Import evidence, or drop files on the window) to see them here.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;No hay latencia que representar&lt;/h3&gt;&lt;p&gt;Ninguna de las %1 ejecuciones mostradas publica TTFT ni TPOT frente a una concurrencia: estos archivos solo informan del throughput.&lt;/p&gt;&lt;p&gt;Sus cifras están en la tabla normalizada; importe resultados con latencia (Archivo ▸ Importar evidencia, o suelte archivos en la ventana) para verlos aquí.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="700"/>
        <source>&lt;h3&gt;No latency to plot&lt;/h3&gt;&lt;p&gt;Import benchmark results with TTFT or TPOT (File ▸ Import evidence, or drop files on the window).&lt;/p&gt;</source>
        <translation>&lt;h3&gt;No hay latencia que representar&lt;/h3&gt;&lt;p&gt;Importe resultados de benchmarks con TTFT o TPOT (Archivo ▸ Importar evidencia, o suelte archivos en la ventana).&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="704"/>
        <source>Solid lines are p50, dashed p99; below the red line meets the SLO. Hollow points are illustrative, proxy or predicted data, filled ones measurements.</source>
        <translation>Las líneas continuas son p50; las discontinuas, p99; por debajo de la línea roja se cumple el SLO. Los puntos huecos son datos ilustrativos, de proxy o predichos; los rellenos, mediciones.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="707"/>
        <source>No run shown publishes TPOT.</source>
        <translation>Ninguna ejecución mostrada publica TPOT.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="709"/>
        <source>No run shown publishes TTFT.</source>
        <translation>Ninguna ejecución mostrada publica TTFT.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="711"/>
        <source>%1 runs were driven by request rate, not concurrency, and are not in the latency charts.</source>
        <translation>%1 ejecuciones se dirigieron por tasa de peticiones, no por concurrencia, y no aparecen en los gráficos de latencia.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/evidence_page.py" line="738"/>
        <source>SLO bound %1 / %2 %3</source>
        <translation>Límite del SLO %1 / %2 %3</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="46"/>
        <source>Export the decision record</source>
        <extracomment>sections the record always holds (``report.build`` adds the cover: it carries the inputs&apos; hash)</extracomment>
        <translation>Exportar el registro de decisión</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="52"/>
        <source>Write decision record &lt;b&gt;%1&lt;/b&gt; as a PDF. The workspace it was built from is embedded, so &lt;tt&gt;deepdecide verify&lt;/tt&gt; can later prove that the file was not changed.</source>
        <translation>Escribir el registro de decisión &lt;b&gt;%1&lt;/b&gt; como PDF. Lleva incrustado el espacio de trabajo del que se generó, para que &lt;tt&gt;deepdecide verify&lt;/tt&gt; pueda demostrar después que el archivo no se ha modificado.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="84"/>
        <source>record.pdf</source>
        <translation>registro.pdf</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="85"/>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="140"/>
        <source>Browse…</source>
        <translation>Examinar…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="91"/>
        <source>Save to</source>
        <translation>Guardar en</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="103"/>
        <source>%1 (always included)</source>
        <translation>%1 (siempre incluida)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="108"/>
        <source>Always included: the cover carries the SHA-256 of the inputs that the footer of every page repeats.</source>
        <translation>Siempre incluida: la portada lleva el SHA-256 de los datos de entrada, que se repite en el pie de cada página.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="117"/>
        <source>Select all</source>
        <translation>Seleccionar todo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="119"/>
        <source>Only the cover</source>
        <translation>Solo la portada</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="125"/>
        <source>Sections</source>
        <translation>Secciones</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="133"/>
        <source>Sign with a certificate</source>
        <translation>Firmar con un certificado</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="139"/>
        <source>PKCS#12 file (.p12 or .pfx) with your key and certificate</source>
        <translation>Archivo PKCS#12 (.p12 o .pfx) con su clave y su certificado</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="150"/>
        <source>the certificate file&apos;s password (not stored)</source>
        <translation>la contraseña del archivo del certificado (no se guarda)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="153"/>
        <source>optional, e.g. Approved for production</source>
        <translation>opcional, p. ej. Aprobado para producción</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="156"/>
        <source>Certificate</source>
        <translation>Certificado</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="157"/>
        <source>Signer name</source>
        <translation>Nombre del firmante</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="158"/>
        <source>Password</source>
        <translation>Contraseña</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="159"/>
        <source>Reason</source>
        <translation>Motivo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="160"/>
        <source>The signature is appended after the record, so its bytes stay reproducible.</source>
        <translation>La firma se añade tras el registro, de modo que sus bytes siguen siendo reproducibles.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="172"/>
        <source>Export</source>
        <translation>Exportar</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="179"/>
        <source>Cover</source>
        <translation>Portada</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="180"/>
        <source>Executive summary</source>
        <translation>Resumen ejecutivo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="181"/>
        <source>Context and decision drivers</source>
        <translation>Contexto y factores de decisión</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="182"/>
        <source>Options compared</source>
        <translation>Opciones comparadas</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="183"/>
        <source>Support matrix (excerpt)</source>
        <translation>Matriz de soporte (extracto)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="184"/>
        <source>Benchmark evidence</source>
        <translation>Evidencia de benchmarks</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="185"/>
        <source>Parity verdicts</source>
        <translation>Dictámenes de paridad</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="186"/>
        <source>Service-gap checklist</source>
        <translation>Lista de carencias del servicio</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="187"/>
        <source>The article&apos;s four questions</source>
        <translation>Las cuatro preguntas del artículo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="188"/>
        <source>Cost and TCO</source>
        <translation>Coste y TCO</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="189"/>
        <source>Prices and budget</source>
        <translation>Precios y presupuesto</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="190"/>
        <source>Sensitivity and Monte Carlo</source>
        <translation>Sensibilidad y Monte Carlo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="191"/>
        <source>Migration plan</source>
        <translation>Plan de migración</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="192"/>
        <source>Risks and consequences</source>
        <translation>Riesgos y consecuencias</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="193"/>
        <source>Sign-off</source>
        <translation>Aprobaciones</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="194"/>
        <source>Appendix: evidence files</source>
        <translation>Apéndice: archivos de evidencia</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="195"/>
        <source>Appendix: changes since the previous revision</source>
        <translation>Apéndice: cambios desde la revisión anterior</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="228"/>
        <source>Choose the file to write.</source>
        <translation>Elija el archivo que se va a escribir.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="230"/>
        <source>The target is a folder; give a file name.</source>
        <translation>El destino es una carpeta; indique un nombre de archivo.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="232"/>
        <source>Choose at least one section besides the cover.</source>
        <translation>Elija al menos una sección además de la portada.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="235"/>
        <source>Choose the certificate file (.p12 or .pfx) to sign with.</source>
        <translation>Elija el archivo de certificado (.p12 o .pfx) con el que firmar.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="237"/>
        <source>Give the signer&apos;s name.</source>
        <translation>Indique el nombre del firmante.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/export_dialog.py" line="244"/>
        <source>%1 exists and will be replaced.</source>
        <translation>%1 ya existe y se sustituirá.</translation>
    </message>
</context>
<context>
    <name>GapsPage</name>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="28"/>
        <source>not answered</source>
        <translation>sin responder</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="28"/>
        <source>provided</source>
        <translation>cubierto</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="29"/>
        <source>external</source>
        <translation>externo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="29"/>
        <source>missing</source>
        <translation>falta</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="36"/>
        <source>as of</source>
        <translation>a fecha de</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="94"/>
        <source>Person-weeks of engineering; low &lt;= likely &lt;= high is kept by moving the other points</source>
        <translation>Semanas-persona de ingeniería; bajo &lt;= probable &lt;= alto se mantiene moviendo los otros valores</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="96"/>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="201"/>
        <source>Item</source>
        <translation>Elemento</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="97"/>
        <source>Category</source>
        <translation>Categoría</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="98"/>
        <source>Answer</source>
        <translation>Respuesta</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="101"/>
        <source>provided: the runtime has it; external: someone must build or integrate it (adds to the migration cost); missing: a blocker until an owner is named</source>
        <translation>cubierto: el runtime lo tiene; externo: alguien tiene que construirlo o integrarlo (se suma al coste de migración); falta: bloqueante hasta que se nombre un responsable</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="103"/>
        <source>Owner</source>
        <translation>Responsable</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="105"/>
        <source>Effort low</source>
        <translation>Esfuerzo bajo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="107"/>
        <source>likely</source>
        <translation>probable</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="109"/>
        <source>high</source>
        <translation>alto</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="111"/>
        <source>Notes</source>
        <translation>Notas</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="129"/>
        <source>Option:</source>
        <translation>Opción:</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="132"/>
        <source>&lt;h2&gt;Service gaps&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;Carencias del servicio&lt;/h2&gt;</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="146"/>
        <source>Service gaps</source>
        <translation>Carencias del servicio</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="221"/>
        <source>%1 provided, %2 external, %3 missing, %4 not answered. External work, and missing items someone is named to build, add %5 / %6 / %7 person-weeks (low / likely / high) to the migration cost.</source>
        <translation>%1 cubiertos, %2 externos, %3 faltan, %4 sin responder. El trabajo externo y los elementos que faltan con un responsable nombrado suman %5 / %6 / %7 semanas-persona (bajo / probable / alto) al coste de migración.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="228"/>
        <source>(external %1, missing with an owner %2 likely)</source>
        <translation>(externo %1, faltan con responsable %2 probable)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/gaps_page.py" line="231"/>
        <source>Blockers until someone names who builds them: %1</source>
        <translation>Bloqueantes hasta que alguien indique quién los construye: %1</translation>
    </message>
</context>
<context>
    <name>ImportContextDialog</name>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="52"/>
        <source>Context of the imported files</source>
        <translation>Contexto de los archivos importados</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="56"/>
        <source>— not answered —</source>
        <translation>— sin responder —</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="56"/>
        <source>own measurement</source>
        <translation>medición propia</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="57"/>
        <source>third-party result</source>
        <translation>resultado de terceros</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="58"/>
        <source>illustrative</source>
        <translation>ilustrativa</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="59"/>
        <source>predicted</source>
        <translation>predicha</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="61"/>
        <source>Each file keeps what it says itself. For what it does not say, answer file by file: what it was measured on, and who made it. The file name&apos;s suggestions are filled in &lt;i&gt;in italics&lt;/i&gt;: check each row and tick it, or edit it. A fact left “not known” makes the file&apos;s runs &lt;i&gt;needs context&lt;/i&gt;: they count for nothing until it is given.</source>
        <translation>Cada archivo conserva lo que él mismo indica. Para lo que no indica, responda archivo por archivo: sobre qué se midió y quién lo hizo. Las sugerencias del nombre del archivo aparecen &lt;i&gt;en cursiva&lt;/i&gt;: compruebe cada fila y márquela, o edítela. Un dato que quede como «desconocido» deja las ejecuciones del archivo en &lt;i&gt;falta contexto&lt;/i&gt;: no cuentan para nada hasta que se indique.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="69"/>
        <source>File</source>
        <translation>Archivo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="69"/>
        <source>The file says</source>
        <translation>El archivo indica</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="69"/>
        <source>The name suggests</source>
        <translation>El nombre sugiere</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="70"/>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="218"/>
        <source>Runtime</source>
        <translation>Runtime</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="70"/>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="218"/>
        <source>Platform</source>
        <translation>Plataforma</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="70"/>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="218"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="70"/>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="219"/>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="70"/>
        <source>Who made it</source>
        <translation>Quién lo hizo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="73"/>
        <source>Confirmed: the row&apos;s answer is checked</source>
        <translation>Confirmada: la respuesta de la fila está comprobada</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="95"/>
        <source>model</source>
        <translation>modelo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="102"/>
        <source>Apply to the selected rows</source>
        <translation>Aplicar a las filas seleccionadas</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="104"/>
        <source>Gives these values to the selected rows only, and to each only for the facts its file does not state. Empty fields are not given.</source>
        <translation>Da estos valores solo a las filas seleccionadas, y a cada una solo para los datos que su archivo no indica. Los campos vacíos no se dan.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="107"/>
        <source>Confirm the selected rows</source>
        <translation>Confirmar las filas seleccionadas</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="111"/>
        <source>Selected rows:</source>
        <translation>Filas seleccionadas:</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="142"/>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="152"/>
        <source>— not known —</source>
        <translation>— desconocido —</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="210"/>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="233"/>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="210"/>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="233"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="216"/>
        <source>%1 / %2 tokens</source>
        <translation>%1 / %2 tokens</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="219"/>
        <source>Input tokens</source>
        <translation>Tokens de entrada</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="220"/>
        <source>Output tokens</source>
        <translation>Tokens de salida</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="221"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="223"/>
        <source>Not stated: %1</source>
        <translation>No indicado: %1</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="224"/>
        <source>nothing of the context</source>
        <translation>nada del contexto</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="244"/>
        <source>Tick when the row&apos;s answer is right</source>
        <translation>Márquela cuando la respuesta de la fila sea correcta</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="247"/>
        <source>The file states every fact: nothing to confirm</source>
        <translation>El archivo indica todos los datos: nada que confirmar</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="249"/>
        <source>%1
%2</source>
        <translation>%1
%2</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="253"/>
        <source>What the file name suggests, for the facts the file does not state</source>
        <translation>Lo que sugiere el nombre del archivo, para los datos que el archivo no indica</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="257"/>
        <source>Stated by the file: kept</source>
        <translation>Indicado por el archivo: se conserva</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="267"/>
        <source>not known</source>
        <translation>desconocido</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="276"/>
        <source>%1 (the file says)</source>
        <translation>%1 (lo indica el archivo)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="277"/>
        <source>The file&apos;s format says who made it</source>
        <translation>El formato del archivo indica quién lo hizo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="309"/>
        <source>Suggested by the file name (%1): check it</source>
        <translation>Sugerido por el nombre del archivo (%1): compruébelo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="387"/>
        <source>rows %1</source>
        <translation>filas %1</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="387"/>
        <source> and %1 more</source>
        <translation> y %1 más</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="393"/>
        <source>Who made it? Not answered for 1 file: %1.</source>
        <translation>¿Quién lo hizo? Sin responder para 1 archivo: %1.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="395"/>
        <source>Who made it? Not answered for %1 files: %2.</source>
        <translation>¿Quién lo hizo? Sin responder para %1 archivos: %2.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="398"/>
        <source>Not confirmed: 1 file (%1): check its row and tick it, or edit it.</source>
        <translation>Sin confirmar: 1 archivo (%1): compruebe su fila y márquela, o edítela.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/import_context_dialog.py" line="401"/>
        <source>Not confirmed: %1 files (%2): check each row and tick it, or edit it.</source>
        <translation>Sin confirmar: %1 archivos (%2): compruebe cada fila y márquela, o edítela.</translation>
    </message>
</context>
<context>
    <name>Interaction</name>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="22"/>
        <source>%1 problems in %2</source>
        <translation>%1 problemas en %2</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="25"/>
        <source>the input</source>
        <translation>la entrada</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="27"/>
        <source>line</source>
        <translation>línea</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="30"/>
        <location filename="../../deepdecide/gui/interaction.py" line="35"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="35"/>
        <source>file</source>
        <translation>archivo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="36"/>
        <source>Unexpected error: %1</source>
        <translation>Error inesperado: %1</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="48"/>
        <source>Nothing was changed.</source>
        <translation>No se ha cambiado nada.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="57"/>
        <source>Unsaved changes</source>
        <translation>Cambios sin guardar</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="58"/>
        <source>Save the changes to %1 before closing it?</source>
        <translation>¿Guardar los cambios de %1 antes de cerrarlo?</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="65"/>
        <source>Recover unsaved work?</source>
        <translation>¿Recuperar el trabajo sin guardar?</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="66"/>
        <source>deepdecide was not closed normally. An autosaved copy of %1 exists.

Recover it?</source>
        <translation>deepdecide no se cerró correctamente. Existe una copia autoguardada de %1.

¿Recuperarla?</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="71"/>
        <source>Open workspace</source>
        <translation>Abrir espacio de trabajo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="72"/>
        <location filename="../../deepdecide/gui/interaction.py" line="77"/>
        <source>deepdecide workspace (*.deepdecide.yaml *.yaml *.yml)</source>
        <translation>Espacio de trabajo de deepdecide (*.deepdecide.yaml *.yaml *.yml)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="72"/>
        <location filename="../../deepdecide/gui/interaction.py" line="106"/>
        <source>All files (*)</source>
        <translation>Todos los archivos (*)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="76"/>
        <source>Save workspace as</source>
        <translation>Guardar el espacio de trabajo como</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="83"/>
        <source>Import evidence files</source>
        <translation>Importar archivos de evidencia</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="84"/>
        <source>Benchmark and parity results (*.json *.jsonl *.csv *.yaml *.yml *.txt);;All files (*)</source>
        <translation>Resultados de benchmarks y de paridad (*.json *.jsonl *.csv *.yaml *.yml *.txt);;Todos los archivos (*)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="89"/>
        <source>Export decision record</source>
        <translation>Exportar el registro de decisión</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="90"/>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="97"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="98"/>
        <source>Excel workbook (*.xlsx)</source>
        <translation>Libro de Excel (*.xlsx)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="105"/>
        <source>Certificate to sign with</source>
        <translation>Certificado con el que firmar</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/interaction.py" line="106"/>
        <source>PKCS#12 certificate (*.p12 *.pfx)</source>
        <translation>Certificado PKCS#12 (*.p12 *.pfx)</translation>
    </message>
</context>
<context>
    <name>ItemProxyDialog</name>
    <message>
        <location filename="../../deepdecide/gui/views/item_proxy_dialog.py" line="30"/>
        <source>Proxy for one run or check of %1</source>
        <translation>Proxy para una ejecución o comprobación de %1</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/item_proxy_dialog.py" line="38"/>
        <source>run</source>
        <translation>ejecución</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/item_proxy_dialog.py" line="38"/>
        <source>check</source>
        <translation>comprobación</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/item_proxy_dialog.py" line="43"/>
        <source>why it stands for the workload (empty: withdraw the acceptance)</source>
        <translation>por qué representa la carga de trabajo (vacío: retirar la aceptación)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/item_proxy_dialog.py" line="45"/>
        <source>Its throughput is multiplied by this factor (low/likely/high); a check accepted as a proxy counts for builds only</source>
        <translation>Su throughput se multiplica por este factor (bajo/probable/alto); una comprobación aceptada como proxy solo cuenta para «compila»</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/item_proxy_dialog.py" line="54"/>
        <source>Run or check</source>
        <translation>Ejecución o comprobación</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/item_proxy_dialog.py" line="55"/>
        <source>Accept as a proxy because…</source>
        <translation>Se acepta como proxy porque…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/item_proxy_dialog.py" line="56"/>
        <source>Throughput factor</source>
        <translation>Factor de throughput</translation>
    </message>
</context>
<context>
    <name>Labels</name>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="21"/>
        <source>keep the stack</source>
        <translation>mantener la pila</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="21"/>
        <source>port</source>
        <translation>portar</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="22"/>
        <source>buy hardware</source>
        <translation>comprar hardware</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="22"/>
        <source>development only</source>
        <translation>solo desarrollo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="23"/>
        <source>buy tokens (hosted API)</source>
        <translation>comprar tokens (API alojada)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="28"/>
        <source>rent</source>
        <comment>pricing</comment>
        <translation>alquiler</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="28"/>
        <source>buy</source>
        <comment>pricing</comment>
        <translation>compra</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="29"/>
        <source>already owned</source>
        <comment>pricing</comment>
        <translation>ya en propiedad</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="34"/>
        <source>all-in</source>
        <comment>cost view</comment>
        <translation>todo incluido</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="34"/>
        <source>cash</source>
        <comment>cost view</comment>
        <translation>caja</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="39"/>
        <source>measured</source>
        <translation>medida</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="39"/>
        <source>interpolated</source>
        <translation>interpolada</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="40"/>
        <source>lower bound</source>
        <translation>cota inferior</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="40"/>
        <source>assumed</source>
        <translation>supuesta</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="41"/>
        <source>fails the SLO</source>
        <translation>no cumple el SLO</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="41"/>
        <source>fails parity</source>
        <translation>no supera la paridad</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="42"/>
        <source>cannot be judged</source>
        <translation>no se puede juzgar</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="43"/>
        <source>none</source>
        <comment>capacity basis</comment>
        <translation>ninguna</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="49"/>
        <source>service</source>
        <comment>checklist category</comment>
        <translation>servicio</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="49"/>
        <source>operations</source>
        <comment>checklist category</comment>
        <translation>operaciones</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="50"/>
        <source>security</source>
        <comment>checklist category</comment>
        <translation>seguridad</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="55"/>
        <source>serving runtime</source>
        <translation>runtime de servicio</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="55"/>
        <source>engine</source>
        <translation>motor</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="56"/>
        <source>kernel library</source>
        <translation>biblioteca de kernels</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="56"/>
        <source>local runtime</source>
        <translation>runtime local</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="66"/>
        <source>%1 year</source>
        <translation>%1 año</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="66"/>
        <source>%1 years</source>
        <translation>%1 años</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="74"/>
        <source>%1 wk</source>
        <translation>%1 sem.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="104"/>
        <source>weeks</source>
        <comment>unit</comment>
        <translation>semanas</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="105"/>
        <source>person-weeks</source>
        <comment>unit</comment>
        <translation>semanas-persona</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="106"/>
        <source>fraction</source>
        <comment>unit</comment>
        <translation>fracción</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/labels.py" line="107"/>
        <source>years</source>
        <comment>unit</comment>
        <translation>años</translation>
    </message>
</context>
<context>
    <name>LatencyChart</name>
    <message>
        <location filename="../../deepdecide/gui/widgets/charts.py" line="376"/>
        <source>No run driven by concurrency with this latency yet</source>
        <translation>Aún no hay ninguna ejecución dirigida por concurrencia con esta latencia</translation>
    </message>
</context>
<context>
    <name>MachineCheckPanel</name>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="54"/>
        <source>Check a machine</source>
        <extracomment>an error the user must see (payload: the DeepdecideError)</extracomment>
        <translation>Comprobar una máquina</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="57"/>
        <source>GPU name, e.g. NVIDIA H100 80GB HBM3</source>
        <translation>Nombre de la GPU, p. ej. NVIDIA H100 80GB HBM3</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="60"/>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="69"/>
        <source>not given</source>
        <translation>sin indicar</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="63"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="64"/>
        <source>GPU count</source>
        <translation>Número de GPU</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="65"/>
        <source>OS</source>
        <translation>SO</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="65"/>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="65"/>
        <source>Driver</source>
        <translation>Controlador</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="65"/>
        <source>CANN</source>
        <translation>CANN</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="66"/>
        <source>ROCm</source>
        <translation>ROCm</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="66"/>
        <source>GCC</source>
        <translation>GCC</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="66"/>
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="72"/>
        <source>Read nvidia-smi -q -x file…</source>
        <translation>Leer archivo de nvidia-smi -q -x…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="74"/>
        <source>Check</source>
        <translation>Comprobar</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="85"/>
        <source>Runtime</source>
        <translation>Runtime</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="86"/>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="88"/>
        <source>Stack</source>
        <translation>Pila</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="107"/>
        <source>%1 unmet</source>
        <translation>%1 sin cumplir</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="109"/>
        <source>%1 not given</source>
        <translation>%1 sin indicar</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="110"/>
        <source>all met</source>
        <translation>todo cumplido</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="120"/>
        <source>entered by hand</source>
        <translation>introducido a mano</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="129"/>
        <source>Read an nvidia-smi -q -x capture</source>
        <translation>Leer una captura de nvidia-smi -q -x</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="130"/>
        <source>XML files (*.xml);;All files (*)</source>
        <translation>Archivos XML (*.xml);;Todos los archivos (*)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="152"/>
        <source>Enter a GPU name or read an nvidia-smi capture.</source>
        <translation>Escriba el nombre de una GPU o lea una captura de nvidia-smi.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="159"/>
        <source>&lt;b&gt;%1&lt;/b&gt; is not a platform in the matrix: every runtime is &lt;b&gt;experimental&lt;/b&gt; on it.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; no es una plataforma de la matriz: todos los runtimes son &lt;b&gt;experimentales&lt;/b&gt; en ella.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="162"/>
        <source>Closest: %1, other GPUs whose support does not carry over; if the machine has one of them, name it exactly.</source>
        <translation>Más cercanas: %1, otras GPU cuyo soporte no se traslada; si la máquina tiene una de ellas, nómbrela exactamente.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="168"/>
        <source>Recognised as &lt;b&gt;%1&lt;/b&gt; (%2). Officially listed: %3. Ready with the given stack: %4.</source>
        <translation>Reconocida como &lt;b&gt;%1&lt;/b&gt; (%2). Con soporte oficial: %3. Listos con la pila indicada: %4.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="170"/>
        <source>none</source>
        <translation>ninguno</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../deepdecide/gui/app.py" line="153"/>
        <location filename="../../deepdecide/gui/views/main_window.py" line="472"/>
        <location filename="../../deepdecide/gui/views/main_window.py" line="475"/>
        <source>Cannot open the workspace</source>
        <translation>No se puede abrir el espacio de trabajo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="53"/>
        <source>Overview</source>
        <extracomment>(key, module, class) of each page, in sidebar order; modules are imported on first show</extracomment>
        <translation>Resumen</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="54"/>
        <source>Support matrix</source>
        <translation>Matriz de soporte</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="55"/>
        <source>Evidence</source>
        <translation>Evidencia</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="56"/>
        <source>Parity</source>
        <translation>Paridad</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="57"/>
        <source>Service gaps</source>
        <translation>Carencias del servicio</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="58"/>
        <source>Compare</source>
        <translation>Comparativa</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="59"/>
        <source>Decision</source>
        <translation>Decisión</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="60"/>
        <source>Migration plan</source>
        <translation>Plan de migración</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="158"/>
        <source>%1 (Ctrl+%2)</source>
        <extracomment>the page shown changed (payload: page key) set by ``app.build_window``: the error opening the workspace named at start-up, and whether to offer recovered autosaves once the window is shown start-up work that waits until the window is shown (set by ``app.build_window``)</extracomment>
        <translation>%1 (Ctrl+%2)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="159"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="235"/>
        <source>Cannot read the file</source>
        <translation>No se puede leer el archivo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="288"/>
        <source>&amp;New from the built-in sample</source>
        <translation>&amp;Nuevo a partir del ejemplo integrado</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="289"/>
        <source>&amp;Open…</source>
        <translation>&amp;Abrir…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="290"/>
        <source>&amp;Save</source>
        <translation>&amp;Guardar</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="291"/>
        <source>Save &amp;As…</source>
        <translation>Guardar &amp;como…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="292"/>
        <source>&amp;Import evidence…</source>
        <translation>&amp;Importar evidencia…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="293"/>
        <source>Import benchmark or parity result files</source>
        <translation>Importar archivos de resultados de benchmarks o de paridad</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="294"/>
        <source>&amp;Export PDF decision record…</source>
        <translation>&amp;Exportar el registro de decisión en PDF…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="296"/>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="297"/>
        <source>&amp;Undo</source>
        <translation>&amp;Deshacer</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="299"/>
        <source>&amp;Redo</source>
        <translation>&amp;Rehacer</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="307"/>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="309"/>
        <source>Open &amp;Recent</source>
        <translation>Abrir &amp;reciente</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="315"/>
        <source>E&amp;xport</source>
        <translation>E&amp;xportar</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="318"/>
        <source>&amp;Comparison as CSV…</source>
        <translation>&amp;Comparativa como CSV…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="320"/>
        <source>&amp;Evidence as CSV…</source>
        <translation>&amp;Evidencia como CSV…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="322"/>
        <source>&amp;Parity checks as CSV…</source>
        <translation>Comprobaciones de &amp;paridad como CSV…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="324"/>
        <source>&amp;Workbook as XLSX…</source>
        <translation>&amp;Libro como XLSX…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="326"/>
        <source>The comparison, the evidence and the parity checks in one workbook (needs openpyxl)</source>
        <translation>La comparativa, la evidencia y las comprobaciones de paridad en un libro (necesita openpyxl)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="332"/>
        <source>&amp;Edit</source>
        <translation>&amp;Editar</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="335"/>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="343"/>
        <source>&amp;Present</source>
        <translation>&amp;Presentar</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="345"/>
        <source>Full-screen slides of the decision, with a what-if that changes nothing (Esc leaves)</source>
        <translation>Diapositivas a pantalla completa de la decisión, con un «¿y si…?» que no cambia nada (Esc para salir)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="346"/>
        <source>Present the decision full screen (F5)</source>
        <translation>Presentar la decisión a pantalla completa (F5)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="348"/>
        <source>&amp;Theme</source>
        <translation>&amp;Tema</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="352"/>
        <location filename="../../deepdecide/gui/views/main_window.py" line="367"/>
        <source>Follow the system</source>
        <translation>Seguir al sistema</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="352"/>
        <source>Light</source>
        <translation>Claro</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="352"/>
        <source>Dark</source>
        <translation>Oscuro</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="359"/>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="377"/>
        <source>&amp;Help</source>
        <translation>Ay&amp;uda</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="378"/>
        <source>&amp;About deepdecide</source>
        <translation>&amp;Acerca de deepdecide</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="380"/>
        <source>Main</source>
        <translation>Principal</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="386"/>
        <location filename="../../deepdecide/gui/views/main_window.py" line="401"/>
        <source>Undo</source>
        <translation>Deshacer</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="387"/>
        <location filename="../../deepdecide/gui/views/main_window.py" line="402"/>
        <source>Redo</source>
        <translation>Rehacer</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="401"/>
        <source>Undo %1</source>
        <translation>Deshacer %1</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="402"/>
        <source>Redo %1</source>
        <translation>Rehacer %1</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="412"/>
        <source>About deepdecide</source>
        <translation>Acerca de deepdecide</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="412"/>
        <source>deepdecide %1

Evidence, comparison and a signed decision record for LLM-serving platform choices. Works offline.</source>
        <translation>deepdecide %1

Evidencia, comparativa y un registro de decisión firmado para elegir la plataforma de servicio de LLM. Funciona sin conexión.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="426"/>
        <source>(no recent files)</source>
        <translation>(no hay archivos recientes)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="432"/>
        <source>untitled</source>
        <translation>sin título</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="441"/>
        <source>the untitled workspace</source>
        <translation>el espacio de trabajo sin título</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="452"/>
        <source>Cannot load the built-in sample</source>
        <translation>No se puede cargar el ejemplo integrado</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="480"/>
        <source>Opened %1</source>
        <translation>Abierto %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../../deepdecide/gui/views/main_window.py" line="482"/>
        <source>Opened %1 with %n warning(s): fix them before saving. First: %2</source>
        <translation>
            <numerusform>Abierto %1 con %n aviso: corríjalo antes de guardar. %2</numerusform>
            <numerusform>Abierto %1 con %n avisos: corríjalos antes de guardar. El primero: %2</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="502"/>
        <source>Cannot save the workspace</source>
        <translation>No se puede guardar el espacio de trabajo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="507"/>
        <source>Saved %1</source>
        <translation>Guardado %1</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="521"/>
        <source>Autosave failed: %1</source>
        <translation>Ha fallado el autoguardado: %1</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="534"/>
        <source>an untitled workspace</source>
        <translation>un espacio de trabajo sin título</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="536"/>
        <source>(autosaved %1)</source>
        <translation>(autoguardado %1)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/main_window.py" line="541"/>
        <source>Cannot recover the autosaved copy</source>
        <translation>No se puede recuperar la copia autoguardada</translation>
    </message>
</context>
<context>
    <name>MatrixModel</name>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="28"/>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="39"/>
        <source>official</source>
        <translation>oficial</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="29"/>
        <source>experimental</source>
        <translation>experimental</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="30"/>
        <source>community</source>
        <translation>comunidad</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="31"/>
        <source>unsupported</source>
        <translation>sin soporte</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="32"/>
        <source>undocumented</source>
        <translation>sin documentar</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="40"/>
        <source>exper.</source>
        <translation>exper.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="41"/>
        <source>comm.</source>
        <translation>com.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="42"/>
        <source>unsupp.</source>
        <translation>sin sop.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="43"/>
        <source>undoc.</source>
        <translation>sin doc.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="53"/>
        <source>Not in the matrix: nothing found either way. Plan as experimental.</source>
        <translation>No está en la matriz: no se ha encontrado nada ni a favor ni en contra. Planifíquelo como experimental.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="54"/>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="55"/>
        <source>as of</source>
        <translation>a fecha de</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="58"/>
        <source>Required stack:</source>
        <translation>Pila necesaria:</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/matrix_model.py" line="62"/>
        <source>Sources:</source>
        <translation>Fuentes:</translation>
    </message>
</context>
<context>
    <name>MatrixPage</name>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="193"/>
        <source>Filter platforms…</source>
        <translation>Filtrar plataformas…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="208"/>
        <source>Show:</source>
        <translation>Mostrar:</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="217"/>
        <source>Click a cell for its required stack and sources.</source>
        <translation>Haga clic en una celda para ver su pila necesaria y sus fuentes.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="228"/>
        <source>&lt;h2&gt;Support matrix&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;Matriz de soporte&lt;/h2&gt;</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="246"/>
        <source>Support matrix</source>
        <translation>Matriz de soporte</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="276"/>
        <source>Matrix as of %1 — %2 runtimes × %3 platforms. Hover or click a cell for the required stack, its sources and their dates.</source>
        <translation>Matriz a fecha de %1 — %2 runtimes × %3 plataformas. Pase el ratón o haga clic en una celda para ver la pila necesaria, sus fuentes y sus fechas.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="278"/>
        <source>(undated)</source>
        <translation>(sin fecha)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="280"/>
        <source>All vendors</source>
        <translation>Todos los fabricantes</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/matrix_page.py" line="281"/>
        <source>All runtime kinds</source>
        <translation>Todos los tipos de runtime</translation>
    </message>
</context>
<context>
    <name>MigrationPage</name>
    <message>
        <location filename="../../deepdecide/gui/views/migration_page.py" line="19"/>
        <source>to do</source>
        <translation>pendiente</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/migration_page.py" line="19"/>
        <source>in progress</source>
        <translation>en curso</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/migration_page.py" line="20"/>
        <source>done</source>
        <translation>hecho</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/migration_page.py" line="20"/>
        <source>blocked</source>
        <translation>bloqueado</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/migration_page.py" line="42"/>
        <source>Step</source>
        <translation>Paso</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/migration_page.py" line="43"/>
        <source>Title</source>
        <translation>Título</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/migration_page.py" line="44"/>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/migration_page.py" line="46"/>
        <source>Owner</source>
        <translation>Responsable</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/migration_page.py" line="47"/>
        <source>Notes</source>
        <translation>Notas</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/migration_page.py" line="52"/>
        <source>&lt;h2&gt;Migration plan&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;Plan de migración&lt;/h2&gt;</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/migration_page.py" line="58"/>
        <source>Migration plan</source>
        <translation>Plan de migración</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/migration_page.py" line="64"/>
        <source>%1 steps: %2 done, %3 in progress, %4 blocked, %5 to do. Double-click a status, owner or note to change it.</source>
        <translation>%1 pasos: %2 hechos, %3 en curso, %4 bloqueados, %5 pendientes. Haga doble clic en un estado, un responsable o una nota para cambiarlo.</translation>
    </message>
</context>
<context>
    <name>OptionCard</name>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="87"/>
        <source>GPUs needed (owned + new)</source>
        <translation>GPU (propias + nuevas)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="90"/>
        <source>TCO over the horizon, cash</source>
        <translation>TCO del horizonte, caja</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="93"/>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="166"/>
        <source>Score</source>
        <translation>Puntuación</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="91"/>
        <source>TCO over the horizon, all-in</source>
        <translation>TCO del horizonte, todo incl.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="88"/>
        <source>Prefill + decode GPUs</source>
        <translation>GPU de prefill + decode</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="92"/>
        <source>Purchases (cash, on delivery)</source>
        <translation>Compras (caja, a la entrega)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="92"/>
        <source>Payback against the baseline</source>
        <translation>Recuperación frente a la referencia</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="94"/>
        <source>P(best)</source>
        <translation>P(mejor)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="94"/>
        <source>Runs vs the workload</source>
        <translation>Ejecuciones frente a la carga</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="121"/>
        <source>match</source>
        <translation>coinciden</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="121"/>
        <source>proxy</source>
        <translation>proxy</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="122"/>
        <source>mismatch</source>
        <translation>no coinciden</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="122"/>
        <source>need context</source>
        <translation>falta contexto</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="123"/>
        <source>no run</source>
        <translation>ninguna ejecución</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="125"/>
        <source>%1 checks not counted</source>
        <translation>%1 comprobaciones no contadas</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="134"/>
        <source>&lt;b&gt;#%1&lt;/b&gt;</source>
        <translation>&lt;b&gt;n.º %1&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="135"/>
        <source>Rank by weighted score</source>
        <translation>Puesto por puntuación ponderada</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="137"/>
        <source>not recommendable</source>
        <translation>no recomendable</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="138"/>
        <source>not ranked</source>
        <translation>sin clasificar</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="141"/>
        <source>official</source>
        <translation>oficial</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="141"/>
        <source>experimental</source>
        <translation>experimental</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="151"/>
        <source>(proxy)</source>
        <translation>(sustituta)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="153"/>
        <source>reached</source>
        <translation>alcanzado</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="154"/>
        <source>shown by a proxy only, not the rung itself</source>
        <translation>solo lo muestra una sustituta, no es el peldaño en sí</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="155"/>
        <source>not reached</source>
        <translation>no alcanzado</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="173"/>
        <source>Share of Monte Carlo draws in which this option ranks first</source>
        <translation>Proporción de muestras de Monte Carlo en las que esta opción queda primera</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="176"/>
        <source>Monte Carlo running</source>
        <translation>Monte Carlo en curso</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="177"/>
        <source>Runs and checks about this option, against the workload</source>
        <translation>Ejecuciones y comprobaciones de esta opción, frente a la carga de trabajo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="179"/>
        <source>matches</source>
        <comment>one file&apos;s fit</comment>
        <translation>coincide</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="179"/>
        <source>proxy</source>
        <comment>one file&apos;s fit</comment>
        <translation>proxy</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="180"/>
        <source>mismatch</source>
        <comment>one file&apos;s fit</comment>
        <translation>no coincide</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="181"/>
        <source>needs context</source>
        <comment>one file&apos;s fit</comment>
        <translation>falta contexto</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="182"/>
        <source>capacity</source>
        <translation>capacidad</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="185"/>
        <source>nothing</source>
        <translation>nada</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="186"/>
        <source>run</source>
        <translation>ejecución</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="186"/>
        <source>check</source>
        <translation>comprobación</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="187"/>
        <source>%1 (%2 %3): %4 (counts for %5)</source>
        <translation>%1 (%2 %3): %4 (cuenta para: %5)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="191"/>
        <source>… and %1 more</source>
        <translation>… y %1 más</translation>
    </message>
    <message numerus="yes">
        <location filename="../../deepdecide/gui/views/overview_page.py" line="197"/>
        <source>%n run(s) do not count: %1</source>
        <translation>
            <numerusform>%n ejecución no cuenta: %1</numerusform>
            <numerusform>%n ejecuciones no cuentan: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../deepdecide/gui/views/overview_page.py" line="200"/>
        <source>%n blocker(s): %1</source>
        <translation>
            <numerusform>%n bloqueante: %1</numerusform>
            <numerusform>%n bloqueantes: %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="203"/>
        <source>Not recommendable: %1</source>
        <translation>No recomendable: %1</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="215"/>
        <source>%1 owned GPUs freed</source>
        <translation>%1 GPU propias liberadas</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="217"/>
        <source>%1 spare, %2 padding to whole nodes, %3 headroom</source>
        <translation>%1 de reserva, %2 de relleno hasta nodos completos, margen %3</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="226"/>
        <source>%1 capex, %2 opex</source>
        <translation>%1 de capex, %2 de opex</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="230"/>
        <source>%1 from %2</source>
        <translation>%1 desde %2</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="234"/>
        <source>Nothing to buy</source>
        <translation>Nada que comprar</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="238"/>
        <source>%1 / M output tokens, cash</source>
        <translation>%1/M tokens de salida, caja</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="239"/>
        <source>%1 / M output tokens, all-in</source>
        <translation>%1/M tok. de salida, todo incl.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="249"/>
        <source>this view drives the ranking</source>
        <translation>esta vista decide la clasificación</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="270"/>
        <source>&lt;b&gt;%1&lt;/b&gt; on %2 (%3, %4): %5 %6 (%7); %8 workers of %9 GPUs; %10</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; en %2 (%3, %4): %5 %6 (%7); %8 workers de %9 GPU; %10</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="276"/>
        <source>Blended: %1 per million tokens of both directions</source>
        <translation>Combinado: %1 por millón de tokens de ambos sentidos</translation>
    </message>
</context>
<context>
    <name>OverviewPage</name>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="308"/>
        <source>Edit workload…</source>
        <translation>Editar la carga de trabajo…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="310"/>
        <source>The model (and its other names), precisions, tokens per request and dataset every run and parity check is judged against</source>
        <translation>El modelo (y sus otros nombres), las precisiones, los tokens por petición y el conjunto de datos frente a los que se juzga cada ejecución y comprobación de paridad</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="348"/>
        <source>Overview</source>
        <translation>Resumen</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="360"/>
        <source>Workload</source>
        <translation>Carga de trabajo</translation>
    </message>
    <message numerus="yes">
        <location filename="../../deepdecide/gui/views/overview_page.py" line="394"/>
        <source>Revisit this decision: %n of its own triggers fired</source>
        <translation>
            <numerusform>Revise esta decisión: ha saltado %n de sus propios disparadores</numerusform>
            <numerusform>Revise esta decisión: han saltado %n de sus propios disparadores</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="406"/>
        <source>&lt;h2&gt;%1&lt;/h2&gt;%2 options for %3 · %4 evidence files</source>
        <translation>&lt;h2&gt;%1&lt;/h2&gt;%2 opciones para %3 · %4 archivos de evidencia</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="409"/>
        <source>Evidence is judged against the %1. Runs and checks of another model, precision, request shape or dataset are shown but count for nothing.</source>
        <translation>La evidencia se juzga frente a %1. Las ejecuciones y comprobaciones con otro modelo, otra precisión, otra forma de petición u otro conjunto de datos se muestran, pero no cuentan para nada.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/overview_page.py" line="413"/>
        <source>Runs and parity checks that match the workload count; a proxy the user accepted counts, discounted, for capacity; a mismatch or a run that needs context counts for nothing</source>
        <translation>Cuentan las ejecuciones y comprobaciones de paridad que coinciden con la carga; un proxy aceptado por el usuario cuenta, con descuento, para la capacidad; una no coincidencia o una ejecución a la que le falta contexto no cuenta para nada</translation>
    </message>
</context>
<context>
    <name>Page</name>
    <message>
        <location filename="../../deepdecide/gui/views/page.py" line="56"/>
        <source>Edit %1</source>
        <translation>Editar %1</translation>
    </message>
</context>
<context>
    <name>ParityPage</name>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="29"/>
        <source>✔ pass</source>
        <translation>✔ supera</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="29"/>
        <source>✘ fail</source>
        <translation>✘ no supera</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="30"/>
        <source>? inconclusive</source>
        <translation>? no concluyente</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="30"/>
        <source>— no evidence</source>
        <translation>— sin evidencia</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="34"/>
        <source>Kernels</source>
        <translation>Kernels</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="34"/>
        <source>Logits</source>
        <translation>Logits</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="35"/>
        <source>Greedy match</source>
        <translation>Coincidencia greedy</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="35"/>
        <source>Eval accuracy</source>
        <translation>Exactitud en evaluación</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="36"/>
        <source>Structured output</source>
        <translation>Salida estructurada</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="37"/>
        <source>Long context</source>
        <translation>Contexto largo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="78"/>
        <source>matches</source>
        <translation>coincide</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="79"/>
        <source>proxy (builds only)</source>
        <translation>proxy (solo «compila»)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="80"/>
        <source>mismatch — not counted</source>
        <translation>no coincide — no cuenta</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="81"/>
        <source>needs context — not counted</source>
        <translation>falta contexto — no cuenta</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="93"/>
        <source>✔ answered</source>
        <translation>✔ respondida</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="94"/>
        <source>◐ partly</source>
        <translation>◐ en parte</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="95"/>
        <source>— not answered</source>
        <translation>— sin responder</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="106"/>
        <source>Evidence</source>
        <translation>Evidencia</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="107"/>
        <source>Still needed</source>
        <translation>Aún falta</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="108"/>
        <source>Against the option</source>
        <translation>En contra de la opción</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="132"/>
        <source>%1 on %2</source>
        <translation>%1 en %2</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="133"/>
        <source>%1 = %2 vs %3 (reference %4), Δ %5, n = %6, stderr %7</source>
        <translation>%1 = %2 frente a %3 (referencia %4), Δ %5, n = %6, error típico %7</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="136"/>
        <source>rule</source>
        <translation>regla</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="137"/>
        <source>(not stated)</source>
        <translation>(no indicado)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="152"/>
        <source>Verdict</source>
        <translation>Dictamen</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="154"/>
        <source>Fits</source>
        <translation>Ajuste</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="156"/>
        <source>How the check fits the decision&apos;s workload (its model)</source>
        <translation>Cómo se ajusta la comprobación a la carga de trabajo de la decisión (su modelo)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="157"/>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="158"/>
        <source>Task</source>
        <translation>Tarea</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="159"/>
        <source>Metric</source>
        <translation>Métrica</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="160"/>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="161"/>
        <source>Reference</source>
        <translation>Referencia</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="163"/>
        <source>Δ</source>
        <translation>Δ</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="164"/>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="165"/>
        <source>stderr</source>
        <translation>error típico</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="166"/>
        <source>Rule</source>
        <translation>Regla</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="167"/>
        <source>Source</source>
        <translation>Fuente</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="172"/>
        <source>Click a cell to see the checks behind it.</source>
        <translation>Haga clic en una celda para ver las comprobaciones que la respaldan.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="183"/>
        <source>1. Support and pinned environment</source>
        <translation>1. Soporte y entorno fijado</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="184"/>
        <source>Is the exact GPU on the runtime&apos;s official list, and can the pinned environment be reproduced on a clean machine? (the matrix, and an environment capture)</source>
        <translation>¿Está la GPU exacta en la lista oficial del motor, y se puede reproducir el entorno fijado en una máquina limpia? (la matriz y una captura del entorno)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="186"/>
        <source>2. Kernels and correctness</source>
        <translation>2. Kernels y corrección</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="187"/>
        <source>Do the kernels give the same outputs, with structured output and long context correct? (parity checks of every kind)</source>
        <translation>¿Dan los kernels las mismas salidas, con la salida estructurada y el contexto largo correctos? (comprobaciones de paridad de cada tipo)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="189"/>
        <source>3. Distributed performance</source>
        <translation>3. Rendimiento distribuido</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="190"/>
        <source>Do the planned GPU count and topology hold the SLO? (a run on the option&apos;s serving unit)</source>
        <translation>¿Mantienen el número de GPU y la topología previstos el SLO? (una ejecución en la unidad de servicio de la opción)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="191"/>
        <source>4. Service completeness</source>
        <translation>4. Completitud del servicio</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="192"/>
        <source>Where do the KV cache, routing, authentication, HTTP transport and load balancing come from? (the service-gap checklist)</source>
        <translation>¿De dónde vienen la caché KV, el enrutamiento, la autenticación, el transporte HTTP y el balanceo de carga? (la lista de carencias del servicio)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="195"/>
        <source>The DeepInfer compatibility note&apos;s checklist before approving a migration. Answered means the evidence decides the question, not that the answer favours the option: ⚠ marks what counts against it (hover a cell).</source>
        <translation>La lista de comprobación de la nota de compatibilidad de DeepInfer antes de aprobar una migración. Respondida significa que la evidencia decide la pregunta, no que la respuesta favorezca a la opción: ⚠ marca lo que cuenta en contra (pase el ratón por una celda).</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="205"/>
        <source>Verdicts per kind</source>
        <translation>Dictámenes por tipo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="206"/>
        <source>The article&apos;s four questions</source>
        <translation>Las cuatro preguntas del artículo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="212"/>
        <source>&lt;h2&gt;Parity&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;Paridad&lt;/h2&gt;</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="219"/>
        <source>Parity</source>
        <translation>Paridad</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="181"/>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="229"/>
        <source>Option</source>
        <translation>Opción</translation>
    </message>
    <message numerus="yes">
        <location filename="../../deepdecide/gui/views/parity_page.py" line="239"/>
        <source>%n more check(s) count for no verdict (another model, a proxy, or needing context)</source>
        <translation>
            <numerusform>%n comprobación más no cuenta para ningún dictamen (otro modelo, un proxy o falta de contexto)</numerusform>
            <numerusform>%n comprobaciones más no cuentan para ningún dictamen (otro modelo, un proxy o falta de contexto)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="242"/>
        <source>No check of this kind on this exact runtime and platform.</source>
        <translation>No hay ninguna comprobación de este tipo con este runtime y esta plataforma exactos.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="248"/>
        <source>* required before an option counts as correct</source>
        <translation>* obligatoria para que una opción cuente como correcta</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="259"/>
        <source>%1 parity checks imported. A verdict needs the option&apos;s exact runtime and platform. Too few samples to decide is inconclusive, never a pass. Required kinds are marked *.</source>
        <translation>%1 comprobaciones de paridad importadas. Un dictamen necesita el runtime y la plataforma exactos de la opción. Con muy pocas muestras para decidir, el resultado es no concluyente, nunca «supera». Los tipos obligatorios se marcan con *.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="289"/>
        <source>%1 — %2: %3 checks</source>
        <translation>%1 — %2: %3 comprobaciones</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/parity_page.py" line="291"/>
        <source>%1 — %2: %3 checks count; %4 more shown in grey count for no verdict (another model, a proxy, or needing context)</source>
        <translation>%1 — %2: cuentan %3 comprobaciones; %4 más, en gris, no cuentan para ningún dictamen (otro modelo, un proxy o falta de contexto)</translation>
    </message>
</context>
<context>
    <name>PdfExport</name>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="105"/>
        <source>Writing and signing %1…</source>
        <translation>Escribiendo y firmando %1…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="106"/>
        <source>Writing %1…</source>
        <translation>Escribiendo %1…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="109"/>
        <source>Wrote the decision record %1, signed by %2</source>
        <translation>Se ha escrito el registro de decisión %1, firmado por %2</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="111"/>
        <source>Wrote the decision record %1</source>
        <translation>Se ha escrito el registro de decisión %1</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="114"/>
        <location filename="../../deepdecide/gui/pdf_export.py" line="168"/>
        <source>Export cancelled; nothing was written.</source>
        <translation>Exportación cancelada; no se ha escrito nada.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="117"/>
        <location filename="../../deepdecide/gui/pdf_export.py" line="171"/>
        <source>Export failed; nothing was written.</source>
        <translation>La exportación ha fallado; no se ha escrito nada.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="118"/>
        <location filename="../../deepdecide/gui/pdf_export.py" line="172"/>
        <source>Cannot export the decision record</source>
        <translation>No se puede exportar el registro de decisión</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="146"/>
        <source>Not ready for approval</source>
        <translation>No está listo para la aprobación</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="147"/>
        <source>Missing:</source>
        <translation>Falta:</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="163"/>
        <source>Writing %1 for approval…</source>
        <translation>Escribiendo %1 para su aprobación…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="165"/>
        <source>Wrote %1 for approval; each approver signs it in turn</source>
        <translation>Se ha escrito %1 para su aprobación; cada aprobador lo firma por turno</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="216"/>
        <source>Signing %1 as %2…</source>
        <translation>Firmando %1 como %2…</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="219"/>
        <source>Signed %1 as %2 (%3)</source>
        <translation>Firmado %1 como %2 (%3)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="223"/>
        <source>Not signed; the record is unchanged.</source>
        <translation>Sin firmar; el registro no ha cambiado.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/pdf_export.py" line="224"/>
        <source>Cannot sign the decision record</source>
        <translation>No se puede firmar el registro de decisión</translation>
    </message>
</context>
<context>
    <name>PredictionPairsPanel</name>
    <message>
        <location filename="../../deepdecide/gui/views/prediction_pairs.py" line="39"/>
        <source>Each row is a predicted run beside a measured run of the same configuration (runtime, platform, model, GPU count, token lengths within 10 %, the same load). Error = (predicted − measured) / measured.</source>
        <translation>Cada fila es una ejecución predicha junto a una ejecución medida de la misma configuración (runtime, plataforma, modelo, número de GPU, longitudes de tokens dentro de un 10 %, la misma carga). Error = (predicho − medido) / medido.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../deepdecide/gui/views/prediction_pairs.py" line="44"/>
        <source>%n predicted run(s) and no measured run of the same configuration: their error is unknown, and capacities resting on them get no range.</source>
        <translation>
            <numerusform>%n ejecución predicha y ninguna medida de la misma configuración: su error es desconocido y las capacidades que se basan en ella no tienen intervalo.</numerusform>
            <numerusform>%n ejecuciones predichas y ninguna medida de la misma configuración: su error es desconocido y las capacidades que se basan en ellas no tienen intervalo.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/prediction_pairs.py" line="47"/>
        <source>No predicted runs (estimators or simulators such as AIConfigurator, vidur, BLIS) are imported.</source>
        <translation>No se ha importado ninguna ejecución predicha (estimadores o simuladores como AIConfigurator, vidur o BLIS).</translation>
    </message>
</context>
<context>
    <name>PresentationWindow</name>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="262"/>
        <source>Presentation — deepdecide</source>
        <extracomment>the slide shown changed (payload: its index)</extracomment>
        <translation>Presentación — deepdecide</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="272"/>
        <source>Back to the saved decision (B)</source>
        <translation>Volver a la decisión guardada (B)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="286"/>
        <source>The question</source>
        <translation>La pregunta</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="287"/>
        <source>The options</source>
        <translation>Las opciones</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="288"/>
        <source>The evidence per option</source>
        <translation>La evidencia de cada opción</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="289"/>
        <source>Capacity and cost</source>
        <translation>Capacidad y coste</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="290"/>
        <source>What would flip it</source>
        <translation>Qué la haría cambiar</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="291"/>
        <source>The recommendation</source>
        <translation>La recomendación</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="292"/>
        <source>Sign-off status</source>
        <translation>Estado de las aprobaciones</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="333"/>
        <source>→ / Space next   ← previous   W what-if   B baseline   Esc leaves</source>
        <translation>→ / Espacio siguiente   ← anterior   W «¿y si…?»   B base   Esc salir</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="410"/>
        <source>weights</source>
        <translation>pesos</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="412"/>
        <source>SLO</source>
        <translation>SLO</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="413"/>
        <source>what-if: differs from the saved decision (%1 changed)</source>
        <translation>«¿y si…?»: difiere de la decisión guardada (cambia: %1)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="415"/>
        <source>the top rank moves from %1 to %2</source>
        <translation>el primer puesto pasa de %1 a %2</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="416"/>
        <location filename="../../deepdecide/gui/views/presentation.py" line="418"/>
        <source>none</source>
        <translation>ninguna</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="418"/>
        <source>%1 still ranks first</source>
        <translation>%1 sigue en primer puesto</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="459"/>
        <source>Model: %1</source>
        <translation>Modelo: %1</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="469"/>
        <source>Peak demand: %1 · SLO: %2 · horizon %3</source>
        <translation>Demanda punta: %1 · SLO: %2 · horizonte %3</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="482"/>
        <location filename="../../deepdecide/gui/views/presentation.py" line="496"/>
        <location filename="../../deepdecide/gui/views/presentation.py" line="535"/>
        <source>Option</source>
        <translation>Opción</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="482"/>
        <source>Strategy</source>
        <translation>Estrategia</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="482"/>
        <source>Support</source>
        <translation>Soporte</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="482"/>
        <source>Full name</source>
        <translation>Nombre completo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="494"/>
        <source>all three claims shown</source>
        <translation>las tres afirmaciones demostradas</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="496"/>
        <source>Builds</source>
        <translation>Compila</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="496"/>
        <source>Correct</source>
        <translation>Correcta</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="496"/>
        <source>Performs</source>
        <translation>Rinde</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="496"/>
        <source>Runs</source>
        <translation>Ejecuciones</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="497"/>
        <source>First gap</source>
        <translation>Primera carencia</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="506"/>
        <source>match</source>
        <translation>coinciden</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="506"/>
        <source>proxy</source>
        <translation>proxy</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="507"/>
        <source>mismatch</source>
        <translation>no coinciden</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="507"/>
        <source>need context</source>
        <translation>falta contexto</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="509"/>
        <source>no runs</source>
        <translation>sin ejecuciones</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="521"/>
        <source>none (no run, no assumption)</source>
        <translation>ninguna (ni ejecución ni supuesto)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="535"/>
        <source>Capacity</source>
        <translation>Capacidad</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="535"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="535"/>
        <source>%1/M tokens</source>
        <translation>%1/M tokens</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="533"/>
        <source>Cost view: %1 · TCO over %3 · capacity under the SLO (%2)</source>
        <translation>Vista de coste: %1 · TCO a %3 · capacidad dentro del SLO (%2)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="499"/>
        <source>≈: shown by an accepted proxy only, never the rung itself</source>
        <translation>≈: solo lo muestra una sustituta aceptada, nunca es el peldaño en sí</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="536"/>
        <source>TCO</source>
        <translation>TCO</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="537"/>
        <source>To production</source>
        <translation>Hasta producción</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="537"/>
        <source>Capacity basis</source>
        <translation>Base de la capacidad</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="544"/>
        <source>No option ranks first, so nothing can flip.</source>
        <translation>Ninguna opción queda primera, así que nada puede cambiar.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="547"/>
        <source>%1 ranks first. It stays first while each weight stays in its range (the others unchanged):</source>
        <translation>%1 queda primera. Sigue primera mientras cada peso se mantenga en su intervalo (con los demás sin cambios):</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="551"/>
        <source>no limit</source>
        <translation>sin límite</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="552"/>
        <source>below → %1</source>
        <translation>por debajo → %1</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="553"/>
        <source>above → %1</source>
        <translation>por encima → %1</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="555"/>
        <source>never flips</source>
        <translation>nunca cambia</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="556"/>
        <source>Criterion</source>
        <translation>Criterio</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="556"/>
        <source>Weight</source>
        <translation>Peso</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="556"/>
        <source>Holds for</source>
        <translation>Se mantiene en</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="556"/>
        <source>Beyond</source>
        <translation>Fuera de él</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="560"/>
        <source>Uncertain inputs that flip it inside their range:</source>
        <translation>Datos inciertos que la hacen cambiar dentro de su intervalo:</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="564"/>
        <source>below %1 → %2</source>
        <translation>por debajo de %1 → %2</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="565"/>
        <location filename="../../deepdecide/gui/views/presentation.py" line="568"/>
        <source>none eligible</source>
        <translation>ninguna elegible</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="567"/>
        <source>above %1 → %2</source>
        <translation>por encima de %1 → %2</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="574"/>
        <source>No uncertain input flips it inside its low–high range.</source>
        <translation>Ningún dato incierto la hace cambiar dentro de su intervalo bajo–alto.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="579"/>
        <source>No recommendation: %1.</source>
        <translation>Sin recomendación: %1.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="582"/>
        <source>What would make an option recommendable:</source>
        <translation>Qué haría recomendable una opción:</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="587"/>
        <source>No recommendation yet.</source>
        <translation>Aún no hay recomendación.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="593"/>
        <source>Recommended: %1</source>
        <translation>Recomendada: %1</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="597"/>
        <source>Ranked first of %1 with %2 points</source>
        <translation>Primera de %1 con %2 puntos</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="599"/>
        <source>; next: %1 with %2</source>
        <translation>; siguiente: %1 con %2</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="602"/>
        <source>officially supported on its platform</source>
        <translation>con soporte oficial en su plataforma</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="603"/>
        <source>experimental: not on the runtime&apos;s official list</source>
        <translation>experimental: no figura en la lista oficial del runtime</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="604"/>
        <source>evidence level %1 of 3</source>
        <translation>nivel de evidencia %1 de 3</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="606"/>
        <source>its capacity is an assumption, not a measurement that meets the SLO</source>
        <translation>su capacidad es un supuesto, no una medición que cumpla el SLO</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="608"/>
        <source>blocker: %1</source>
        <translation>bloqueante: %1</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="612"/>
        <source>agrees</source>
        <translation>coincide</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="612"/>
        <source>differs</source>
        <translation>no coincide</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="613"/>
        <source>The record&apos;s chosen option: %1 (%2 with the ranking)</source>
        <translation>Opción elegida en el registro: %1 (%2 con la clasificación)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="619"/>
        <source>Record %1 · status %2 · updated %3</source>
        <translation>Registro %1 · estado %2 · actualizado %3</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="622"/>
        <source>Nobody is asked to sign off yet.</source>
        <translation>Aún no se ha pedido la aprobación a nadie.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="626"/>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="626"/>
        <source>Role</source>
        <translation>Cargo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="626"/>
        <source>Verdict</source>
        <translation>Dictamen</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="626"/>
        <source>Date</source>
        <translation>Fecha</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="626"/>
        <source>Conditions</source>
        <translation>Condiciones</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="629"/>
        <source>%1 of %2 approved, %3 pending</source>
        <translation>%1 de %2 aprobadas, %3 pendientes</translation>
    </message>
</context>
<context>
    <name>SignDialog</name>
    <message>
        <location filename="../../deepdecide/gui/views/sign_dialog.py" line="21"/>
        <source>Sign the decision record</source>
        <translation>Firmar el registro de decisión</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/sign_dialog.py" line="25"/>
        <source>the PDF exported for approval</source>
        <translation>el PDF exportado para su aprobación</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/sign_dialog.py" line="29"/>
        <source>approve</source>
        <translation>aprobar</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/sign_dialog.py" line="30"/>
        <source>reject</source>
        <translation>rechazar</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/sign_dialog.py" line="33"/>
        <source>your PKCS#12 file (.p12/.pfx)</source>
        <translation>su archivo PKCS#12 (.p12/.pfx)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/sign_dialog.py" line="36"/>
        <source>review signature (not an approval)</source>
        <translation>firma de revisión (no es una aprobación)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/sign_dialog.py" line="37"/>
        <source>Record</source>
        <translation>Registro</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/sign_dialog.py" line="38"/>
        <source>Role</source>
        <translation>Cargo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/sign_dialog.py" line="39"/>
        <source>Verdict</source>
        <translation>Dictamen</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/sign_dialog.py" line="40"/>
        <source>Conditions</source>
        <translation>Condiciones</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/sign_dialog.py" line="41"/>
        <source>Certificate</source>
        <translation>Certificado</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/sign_dialog.py" line="42"/>
        <source>Password</source>
        <translation>Contraseña</translation>
    </message>
</context>
<context>
    <name>Summary</name>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="14"/>
        <source>builds</source>
        <translation>compila</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="14"/>
        <source>correct</source>
        <translation>correcta</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="14"/>
        <source>performs</source>
        <translation>rinde</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="20"/>
        <source>&lt;b&gt;No recommendation: %1.&lt;/b&gt;</source>
        <translation>&lt;b&gt;Sin recomendación: %1.&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="23"/>
        <source>What would make an option recommendable: %1.</source>
        <translation>Qué haría recomendable una opción: %1.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="27"/>
        <source>no option has a score yet</source>
        <translation>ninguna opción tiene aún puntuación</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="28"/>
        <source>No recommendation yet: %1.</source>
        <translation>Aún no hay recomendación: %1.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="34"/>
        <source>evidence level %1 of 3 (claims shown: %2)</source>
        <translation>nivel de evidencia %1 de 3 (afirmaciones demostradas: %2)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="36"/>
        <source>no evidence level reached yet (no build, parity or benchmark on its platform)</source>
        <translation>aún no alcanza ningún nivel de evidencia (ni compilación, ni paridad, ni benchmark en su plataforma)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="37"/>
        <source>officially supported on its platform</source>
        <translation>con soporte oficial en su plataforma</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="38"/>
        <source>experimental (not on the runtime&apos;s official list)</source>
        <translation>experimental (no figura en la lista oficial del runtime)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="39"/>
        <source>Recommendation: &lt;b&gt;%1&lt;/b&gt; — ranked first of %2 with %3 points</source>
        <translation>Recomendación: &lt;b&gt;%1&lt;/b&gt; — primera de %2 con %3 puntos</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="42"/>
        <source> (next: %1, %2)</source>
        <translation> (siguiente: %1, %2)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="45"/>
        <source>its capacity is an assumption, not a measurement that meets the SLO</source>
        <translation>su capacidad es un supuesto, no una medición que cumpla el SLO</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="48"/>
        <source>its capacity is PREDICTED by an estimator or simulator, not a measurement</source>
        <translation>su capacidad la PREDICE un estimador o simulador, no es una medición</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/summary.py" line="53"/>
        <source>best in %1 of %2 Monte Carlo draws</source>
        <translation>la mejor en %1 de %2 muestras de Monte Carlo</translation>
    </message>
</context>
<context>
    <name>Table</name>
    <message>
        <location filename="../../deepdecide/gui/models/records.py" line="75"/>
        <source>yes</source>
        <extracomment>list of (value, label) pairs an editor offers for a cell the meaning (status / verdict / answer) that colours a cell the decimals a number cell&apos;s editor offers (editable numeric columns only, else None)</extracomment>
        <translation>sí</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/models/records.py" line="75"/>
        <source>no</source>
        <translation>no</translation>
    </message>
</context>
<context>
    <name>TableExport</name>
    <message>
        <location filename="../../deepdecide/gui/table_export.py" line="56"/>
        <source>Export the comparison as CSV</source>
        <extracomment>what can be exported: key -&gt; (file suffix)</extracomment>
        <translation>Exportar la comparativa como CSV</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/table_export.py" line="57"/>
        <source>Export the evidence as CSV</source>
        <translation>Exportar la evidencia como CSV</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/table_export.py" line="58"/>
        <source>Export the parity checks as CSV</source>
        <translation>Exportar las comprobaciones de paridad como CSV</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/table_export.py" line="59"/>
        <source>Export a workbook (XLSX)</source>
        <translation>Exportar un libro (XLSX)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/table_export.py" line="62"/>
        <source>XLSX export needs openpyxl: pip install &apos;deepdecide[xlsx]&apos; (CSV export works without it)</source>
        <translation>La exportación a XLSX necesita openpyxl: pip install &apos;deepdecide[xlsx]&apos; (la exportación a CSV funciona sin él)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/table_export.py" line="83"/>
        <source>Export failed; nothing was written.</source>
        <translation>La exportación ha fallado; no se ha escrito nada.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/table_export.py" line="87"/>
        <source>Wrote %1 (%2 rows)</source>
        <translation>Se ha escrito %1 (%2 filas)</translation>
    </message>
</context>
<context>
    <name>ThroughputChart</name>
    <message>
        <location filename="../../deepdecide/gui/widgets/charts.py" line="300"/>
        <source>No run with a concurrency and a throughput per GPU yet</source>
        <extracomment>the most columns a chart&apos;s legend has (fewer when the chart is too narrow for them), and the room kept free at each side of it, in pixels</extracomment>
        <translation>Aún no hay ninguna ejecución con concurrencia y throughput por GPU</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/widgets/charts.py" line="334"/>
        <source>No run with TPOT p50 yet (interactivity is 1000 / TPOT p50)</source>
        <translation>Aún no hay ninguna ejecución con TPOT p50 (la interactividad es 1000 / TPOT p50)</translation>
    </message>
</context>
<context>
    <name>WhatIfPanel</name>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="221"/>
        <source>no limit</source>
        <translation>sin límite</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/presentation.py" line="229"/>
        <source>What-if on weights and SLO (the saved decision is not changed)</source>
        <translation>«¿Y si…?» sobre pesos y SLO (la decisión guardada no cambia)</translation>
    </message>
</context>
<context>
    <name>WorkloadDialog</name>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="36"/>
        <source>Workload of the decision</source>
        <translation>Carga de trabajo de la decisión</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="40"/>
        <source>e.g. DeepSeek-V4.1-Flash</source>
        <translation>p. ej. DeepSeek-V4.1-Flash</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="42"/>
        <source>other names of the same model, comma-separated</source>
        <translation>otros nombres del mismo modelo, separados por comas</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="43"/>
        <source>Only names you declare count as the same model: a hub id or a checkpoint path of this model. A smaller model of the same architecture is a proxy, not an alias.</source>
        <translation>Solo los nombres que usted declare cuentan como el mismo modelo: un id del hub o una ruta de checkpoint de este modelo. Un modelo más pequeño de la misma arquitectura es un proxy, no un alias.</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="47"/>
        <source>e.g. fp4, fp8 (empty: any)</source>
        <translation>p. ej. fp4, fp8 (vacío: cualquiera)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="49"/>
        <source>LOW-HIGH, e.g. 6144-10240 (empty: any)</source>
        <translation>BAJO-ALTO, p. ej. 6144-10240 (vacío: cualquiera)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="51"/>
        <source>LOW-HIGH, e.g. 768-1280 (empty: any)</source>
        <translation>BAJO-ALTO, p. ej. 768-1280 (vacío: cualquiera)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="53"/>
        <source>dataset or traffic class, e.g. random, chat, RAG (empty: any)</source>
        <translation>conjunto de datos o tipo de tráfico, p. ej. random, chat, RAG (vacío: cualquiera)</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="56"/>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="57"/>
        <source>Also known as</source>
        <translation>También conocido como</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="58"/>
        <source>Precisions</source>
        <translation>Precisiones</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="59"/>
        <source>Input tokens per request</source>
        <translation>Tokens de entrada por petición</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="60"/>
        <source>Output tokens per request</source>
        <translation>Tokens de salida por petición</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="61"/>
        <source>Dataset / traffic class</source>
        <translation>Conjunto de datos / tipo de tráfico</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="62"/>
        <source>Notes</source>
        <translation>Notas</translation>
    </message>
    <message>
        <location filename="../../deepdecide/gui/views/workload_dialog.py" line="67"/>
        <source>Runs and parity checks of another model, precision, request shape or dataset are shown but count for nothing, unless you accept them as a proxy.</source>
        <translation>Las ejecuciones y comprobaciones de paridad con otro modelo, otra precisión, otra forma de petición u otro conjunto de datos se muestran, pero no cuentan para nada salvo que las acepte como proxy.</translation>
    </message>
</context>
</TS>
