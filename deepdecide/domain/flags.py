"""Data-quality flags and import notes as structured messages.

An importer says what it did to a file's figures ("failed derived: num_prompts - completed", "the
file says 12.5, recomputed ... gives 13") as a :class:`~deepdecide.domain.messages.Message`: a
stable id, its English template (the catalog key) and the parameters. A workspace stores a flag
locale-independently, by id and parameters (``{id: vllm.failed_derived}``, ``{id: normalize.derived,
params: {key: duration_s, how: ...}}``); the template comes from :data:`TEMPLATES` when it is read,
so a flag renders in the current language wherever it is shown. A flag whose text is not one of
ours (a flag a user typed, an old file's text no template matches) is stored as plain text and
shown as written.

Workspaces written before schema 4 stored the English text: :func:`from_english` maps a text back
to its message (template and parameters), and keeps any other text literally.
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Any

from deepdecide.domain import i18n
from deepdecide.domain.i18n import N_, N_plural, _
from deepdecide.domain.messages import Message, Param, chain, msg, msgn, plain

#: every flag and import note an importer writes: id -> English template (the catalog key)
TEMPLATES: dict[str, str] = {
    # aiconfigurator
    "aiconfigurator.prediction": N_("AIConfigurator output is a prediction (no hardware ran it): imported as kind predicted"),
    "aiconfigurator.modelled": N_("predicted by AIConfigurator: ttft, tpot and request_latency are one modelled value each (stored as the mean; no percentiles); no ITL is modelled"),
    "aiconfigurator.database": N_("runtime {backend} {version} is the performance database AIConfigurator modelled"),
    "aiconfigurator.platform": N_("platform {platform} from AIConfigurator system {system!r}"),
    "aiconfigurator.unknown_system": N_("AIConfigurator system {system!r} is not a known platform: give the platform it models (--platform)"),
    "aiconfigurator.quantization": N_("quantization modes: {modes}"),
    "aiconfigurator.cluster": N_("tokens/s/gpu_cluster {cluster:g} (output tokens/s per GPU of the whole cluster)"),
    "aiconfigurator.no_power": N_("power_w 0: no power model"),
    "aiconfigurator.total_gpus": N_("num_total_gpus {total} differs from prefill + decode GPUs {sum}"),
    "aiconfigurator.systems": N_("prefill and decode model different systems: {systems}"),
    # aiperf: multi-run aggregate, sweep, accuracy
    "aiperf.mean_of_runs": N_("each figure is the mean over repeated runs of that run statistic (a p99 is the mean of the runs' p99s)"),
    "aiperf.aggregate": N_("confidence intervals at {level} over {n} successful runs (the file's own t-intervals)"),
    "aiperf.single_run": N_("one successful run: the file's interval collapses to the mean, no interval kept"),
    "aiperf.failed_runs": N_("{failed} of {runs} repeated runs failed and are not in the figures"),
    "aiperf.ci_below_zero": N_("{name}: the file's interval reaches below zero ({low:.4g}); its low end is kept as 0"),
    "aiperf.sweep_ci": N_("confidence intervals over {n} runs per combination (the sweep file does not state the confidence level: AIPerf's --confidence-level, default 0.95)"),
    "aiperf.sweep_single": N_("measured once: no confidence interval (the sweep file writes a zero-width one)"),
    "aiperf.accuracy": N_("AIPerf accuracy per task: value = correct / total; stderr computed as sqrt(p (1 - p) / (n - 1)), the file states none; no reference value in the file"),
    "aiconfigurator.inclusive_tpot": N_("--inclusive-tpot: the file's tpot {tpot:.6g} ms is (ttft + TPOT x (osl - 1)) / osl, the time per output token with the first included (stored as e2e per token); TPOT recovered as 1000 / tokens/s/user {per_user:g} = {exclusive:.6g} ms"),
    "aiconfigurator.inclusive_file": N_("written with --inclusive-tpot: its tpot column includes the first token (stored as e2e per token; TPOT recovered from tokens/s/user)"),
    "aiconfigurator.tpot_unexplained": N_("tpot {tpot:.6g} ms is neither 1000 / tokens/s/user ({exclusive:.6g} ms) nor the inclusive TPOT: not stored as TPOT"),
    "aiconfigurator.power_modelled": N_("power_w {power:g}: modelled power, not a measurement (not imported as energy)"),
    "aiconfigurator.silicon": N_("a measured reference point of AIConfigurator's accuracy tracking (silicon_ttft_ms, silicon_tpot_ms; the file does not name the statistic: stored as the mean)"),
    "aiconfigurator.silicon_no_load": N_("no silicon_concurrency in silicon_data_source: the load is not stated (batch size {batch})"),
    "aiconfigurator.silicon_load_differs": N_("silicon_concurrency {conc:g} differs from the batch sizes' {batch:g}"),
    "aiconfigurator.silicon_source": N_("source: {source}"),
    "aiconfigurator.silicon_wip": N_("the reference is marked work in progress (wip=True)"),
    "aiconfigurator.silicon_moe": N_("{role}: MoE TP x EP = {moe} GPUs, attention TP x DP = {attn}: the MoE layers and attention do not span the same GPUs"),
    # genai_perf
    "genai_perf.per_user": N_("output_token_throughput_per_user (mean of per-request 1000/ITL) is not 1000 / TPOT p50; tokens/s per user is derived from TPOT instead"),
    "genai_perf.failed_sum": N_("failed derived: sum of error_summary counts"),
    "genai_perf.failed_none": N_("failed 0: error_summary is empty"),
    "genai_perf.no_records": N_("completed 0: the file has no request records (every request failed)"),
    "genai_perf.telemetry": N_("platform and GPU count from GPU telemetry ({name!r} x {n})"),
    "genai_perf.cancelled": N_("the run was cancelled before it completed"),
    "genai_perf.per_user_rates": N_("output token throughput per user (mean of per-request rates) not used as interactivity"),
    "genai_perf.analyze_p99": N_("p99 statistics and averages only: GenAI-Perf analyze keeps no means or medians of latency"),
    # aisbench
    "aisbench.stable": N_("stable stage: only the requests sent while the client held its maximum concurrency (AISBench's steady state), preferred over the total stage"),
    "aisbench.total": N_("total stage: every request of the run, ramp-up and tail included (AISBench's default calculator; its stable calculator measures the steady state)"),
    "aisbench.stage": N_("stage {stage!r}"),
    "aisbench.other_stages": N_("also in the file and not imported: the {stages} stage"),
    "aisbench.per_request_speed": N_("OutputTokenThroughput is each request's output tokens / its own latency, not the server's throughput: not imported"),
    "aisbench.csv": N_("AISBench CSV: latency statistics and token lengths only; throughput, request counts and the load are in the JSON of the same name (one measurement in two files: import both)"),
    "aisbench.json": N_("AISBench JSON: throughput, request counts and the load only; the latencies are in the CSV of the same name (one measurement in two files: import both)"),
    "aisbench.joined": N_("one run from two files: latencies and token lengths from {csv}, throughput, request counts, duration and the load from {json}"),
    "join.aisbench_csv": N_("AISBench CSV: latency statistics and token lengths"),
    "join.aisbench_json": N_("AISBench JSON: throughput, request counts, duration and the load"),
    "aisbench.observed_concurrency": N_("mean concurrency observed {observed:g} (sum of request latencies / duration); the load is Max Concurrency"),
    # genai_bench
    "genai_bench.unit": N_("latencies in {unit} as the file's _time_unit says (checked against tpot x output_inference_speed), converted to ms; run_duration is in seconds whatever the unit"),
    "genai_bench.unit_from_requests": N_("no _time_unit (genai-bench before 0.0.3): latencies read as {unit}, which every request's tpot x output_inference_speed shows"),
    "genai_bench.batch": N_("iterated over {kind} {n}: not a concurrency"),
    "genai_bench.tpot": N_("genai-bench tpot = (e2e - TTFT) / (output tokens - 1): TPOT; no ITL; throughputs are the server's (every request's tokens / run_duration)"),
    # generic_csv
    "generic_csv.reduced": N_("{n} requests reduced to one run (linear-interpolation percentiles)"),
    # guidellm
    "guidellm.concurrency": N_("measured mean concurrency {conc:.4g}"),
    "guidellm.tpot": N_("guidellm time_per_output_token_ms includes TTFT: stored as e2e per token; inter_token_latency_ms is TPOT"),
    "guidellm.cap": N_("max_concurrency {cap:g} is a cap on requests in flight, not the load (the load is the rate)"),
    "guidellm.goodput": N_("goodput against the file's own objectives ({objectives}; TPOT is guidellm's inter-token latency, first token excluded): {share:.4g} % of {n} requests met all of them (errored requests count as missing them)"),
    "guidellm.v01": N_("guidellm v0.1: statistics computed from per-request results (linear-interpolation percentiles)"),
    # inference_perf
    "inference_perf.achieved": N_("achieved rate {achieved:.4g} req/s of {rate:g} requested"),
    "inference_perf.all_stages": N_("summary over every stage of the run: no single load (import the stage_N files for load points)"),
    "inference_perf.multimodal": N_("multimodal requests: {blocks} blocks not imported"),
    "inference_perf.units": N_("inference-perf times in seconds, converted to ms; time_per_output_token excludes the first token (TPOT), inter_token_latency pools chunk gaps (ITL), normalized_time_per_output_token is e2e / tokens"),
    "inference_perf.per_request": N_("statistics computed from the per-request list (linear-interpolation percentiles): TPOT = (last - first token) / (tokens - 1), ITL = gaps between output token times"),
    "inference_perf.pooled": N_("the requests of every stage are pooled: no single load"),
    "inference_perf.prom_server_side": N_("server-side figures from the model server's Prometheus metrics (seconds, converted to ms): means are rate(_sum) / rate(_count), percentiles are interpolated from histogram buckets; no client or network time, no failed requests, no load, GPU count or model in the file"),
    "inference_perf.prom_tpot_before_05": N_("no inter_token_latency block (inference-perf before 0.5): its time_per_output_token is vLLM's per-decode-step metric (vllm:time_per_output_token_seconds, an inter-token latency) or another server's per-request figure, and the file does not say which: not imported as TPOT"),
    "inference_perf.prom_absent": N_("not exported by the model server (zeros or empty in the file): {metrics}"),
    "inference_perf.prom_len_is_rate": N_("prompt_len / output_len 'mean' of a counter (vLLM, SGLang) is a token rate averaged over the window, not a length: not used as token lengths"),
    "inference_perf.prom_count": N_("the server counted {count:g} successful requests (Prometheus increase(), an extrapolated estimate: not stored as a count)"),
    "inference_perf.prom_kv": N_("mean KV-cache usage {value:.4g} as the server exports it (a fraction for vLLM and SGLang, despite the key's name)"),
    "inference_perf.prom_prefix": N_("prefix-cache hit rate {value:.4g} %"),
    # inferencemax
    "inferencemax.from_name": N_("{key} {value!r} read from the file name (empty in the file)"),
    "inferencemax.runner": N_("platform from the runner label hw={hw!r}"),
    "inferencemax.gpu_count": N_("GPU count = TP × PP × PCP = {tp} × {pp} × {pcp}"),
    "inferencemax.disagg_per_gpu": N_("disaggregated: the file's output_tput_per_gpu divides by decode GPUs only"),
    "inferencemax.lengths_from_name": N_("input/output lengths (requested) read from the file name"),
    "inferencemax.lengths_from_file_name": N_("token lengths {isl} in / {osl} out (requested) read from the file "
                                              "name {name}: the format states them nowhere else"),
    "inferencemax.seconds_ms": N_("latencies converted from seconds (InferenceMAX strips _ms and divides by 1000)"),
    "inferencemax.agentic": N_("agentic multi-turn workload: statistics are mean / p75 / p90 / p95 (no median or p99)"),
    "inferencemax.seconds": N_("latencies converted from seconds"),
    "inferencemax.dynamo": N_("framework {framework}: served through NVIDIA Dynamo; the engine, {runtime}, is the runtime"),
    # inferencex (API exports, token-position results)
    "inferencex.disagg_gpus": N_("disaggregated: prefill and decode on separate GPUs ({prefill} + {decode})"),
    "inferencex.agg_same_gpus": N_("aggregated: prefill and decode run on the same {gpus} GPUs (the per-role counts are not added)"),
    "inferencex.agg_roles_contradict": N_("aggregated: the stated per-role counts num_prefill_gpu {prefill} / num_decode_gpu {decode} contradict the run's {gpus} GPUs (TP x PP x PCP); not used"),
    "inferencex.gpus_counted": N_("GPU count confirmed: {total_key} / {per_key} = {counted:.4g}"),
    "inferencex.gpus_counted_differ": N_("{total_key} / {per_key} = {counted:.4g} GPUs, not the {gpus} the topology gives: check the row's GPU count"),
    "inferencex.power_invalid": N_("power_valid 0: the publisher marks the power figures invalid; no energy imported"),
    "inferencex.energy": N_("power and energy measured by InferenceX on the GPUs (power schema {schema}): avg_power_w is W per GPU over all the run's GPUs; joules_per_output_token and joules_per_input_token each divide the run's whole GPU energy by that kind of token"),
    "inferencex.role_power": N_("per role: prefill {prefill:.6g} W per GPU ({prefill_j:.6g} J per input token), decode {decode:.6g} W per GPU ({decode_j:.6g} J per output token)"),
    "inferencex.role_power_differs": N_("per-role power weighted by GPUs gives {weighted:.6g} W, not avg_power_w {power:.6g} W: the per-role GPU counts {prefill} / {decode} may be wrong"),
    "inferencex.role_power_checked": N_("avg_power_w checked: per-role power weighted by {prefill} prefill and {decode} decode GPUs gives {weighted:.6g} W"),
    "inferencex.model": N_("model {model!r} (the API's raw key is {raw!r})"),
    "inferencex.lengths": N_("input / output tokens are the requested isl / osl"),
    "inferencex.row": N_("InferenceX row {id}, measured {date} ({url})"),
    "inferencex.query": N_("query: model {model} as of {date} (date selection {selection})"),
    "inferencex.coverage": N_("metric coverage (rows with the figure / rows): {metrics}"),
    "inferencex.queries": N_("the rows come from {n} different queries"),
    "inferencex.powerx_rows": N_("{n} rows in the export"),
    "inferencex.powerx_only": N_("a PowerX row holds power and energy only: no latency, so it cannot be checked against an SLO"),
    "inferencex.lookup_counts": N_("{returned} rows returned, {matching} match the scope, {excluded} excluded as outside it; the file holds a sample of {sample}"),
    "inferencex.sample": N_("one of the lookup's sample rows, not the whole selection"),
    "inferencex.export_counts": N_("{returned} rows returned, {selected} selected; excluded: {excluded}"),
    "inferencex.no_observations": N_("no observations: the query returned {returned} rows and none is in the requested scope (nothing to import; not an error)"),
    "inferencex.tokpos_seconds": N_("InferenceX token-position results: median_* and p99_* are seconds without the _ms suffix (converted to ms); TPOT as vLLM defines it; no mean, no ITL"),
    # aisimulate (predictor error table, reproduction records)
    "aisimulate.model_from_schema": N_("model {model} from the schema name {schema!r}"),
    "aisimulate.error_table": N_("a predictor error table, not runs: AISimulate's error against measured silicon per mode and phase ({metric}; MAPE, WAPE, signed and p90 errors); it widens the Monte Carlo range of AISimulate's predictions of the same model on the same platform where no local measured pair exists"),
    "aisimulate.input": N_("derived from {name} (SHA-256 {sha256})"),
    "aisimulate.derivation": N_("derivation: {text}"),
    "aisimulate.caveat": N_("the record's caveat: {text}"),
    "aisimulate.reference": N_("the reference the record re-measures (an InferenceX API row)"),
    "aisimulate.as_reference": N_("runtime {runtime} and platform {platform} as the reference it re-measures (the record states none for its cases)"),
    "aisimulate.gpus_from_throughput": N_("GPU count {gpus} = total_tput_tps / tput_per_gpu = {counted:.4g}"),
    "aisimulate.gpus_differ": N_("{gpus} GPUs, the reference {reference}"),
    "aisimulate.itl": N_("itl as the record names it: an AIPerf re-measurement, whose inter-token latency is TPOT by vLLM's definition; the record does not say which it used, so it stays ITL"),
    "aisimulate.invalid": N_("the record marks the run not a valid submission"),
    "aisimulate.record_comparison": N_("the record's own comparison: {comparison}"),
    "aisimulate.stated_differs": N_("{metric}: the record's comparison says {stated:.6g}, the case {value:.6g}"),
    "aisimulate.total_per_gpu": N_("total tokens/s per GPU {value:.6g} (input + output; the record does not give the GPU count)"),
    "aisimulate.per_gpu_ms": N_("the record's cases are in ms and per GPU"),
    "aisimulate.no_hardware": N_("the record names no hardware, GPU count, runtime or model for its cases (its experiment README does): give them"),
    # energy (AIPerf GPU telemetry, trtllm-bench)
    "energy.aiperf_power": N_("power per GPU = AIPerf average_gpu_power {total:.6g} W (the total of the monitored GPUs) / {gpus} GPUs; GPU only"),
    "energy.aiperf_power_no_gpus": N_("AIPerf average_gpu_power {total:.6g} W is the total of the monitored GPUs: the power per GPU needs their count (not in the telemetry)"),
    "energy.aiperf_per_token": N_("energy per output token from AIPerf {value:.6g} {unit} (converted to J)"),
    "energy.unit_unknown": N_("energy per token in unit {unit!r}: not a unit deepdecide knows, not imported"),
    "energy.total": N_("total GPU energy {joules:.6g} J"),
    "energy.trtllm_power": N_("power per GPU = total_energy_j {joules:.6g} J / {duration:.6g} s / {gpus} GPUs; GPU only"),
    "energy.trtllm_unscoped": N_("trtllm-bench average_gpu_power {avg:.6g} W without total_energy_j: per GPU or total is not stated, not imported"),
    "energy.trtllm_avg_total": N_("trtllm-bench average_gpu_power {avg:.6g} W is the total of all GPUs (= total_energy_j / duration)"),
    "energy.trtllm_avg_per_gpu": N_("trtllm-bench average_gpu_power {avg:.6g} W is per GPU (= total_energy_j / duration / GPUs)"),
    "energy.trtllm_avg_differs": N_("trtllm-bench average_gpu_power {avg:.6g} W matches neither total_energy_j / duration ({total:.6g} W) nor it per GPU"),
    "energy.trtllm_per_w_differs": N_("trtllm-bench output_tps_per_w {per_w:.6g}, output tok/s / (total_energy_j / duration) gives {derived:.6g}"),
    # checksums (a publisher's manifest beside the file)
    "checksum.match": N_("SHA-256 matches the publisher's manifest {manifest} ({publisher})"),
    "checksum.mismatch": N_("SHA-256 DOES NOT MATCH the publisher's manifest {manifest} ({publisher}): it lists {expected}; these are not the bytes it published"),
    "checksum.not_listed": N_("the publisher's manifest {manifest} beside the file does not list {name}"),
    # llmd
    "llmd.units": N_("each metric scaled by its own units field; time_per_output_token is TPOT, inter_token_latency ITL, normalized_time_per_output_token e2e / output tokens"),
    "llmd.rate": N_("request rate from the harness arguments ({name} qps_values)"),
    "llmd.models": N_("the stack serves several models: {models}"),
    "llmd.accelerators": N_("platform and GPU count read from the report's accelerators"),
    "llmd.heterogeneous": N_("heterogeneous accelerators ({names}): give the platform"),
    "llmd.vllm": N_("llm-d serves with vLLM: runtime vllm"),
    "llmd.image": N_("engine image {version}"),
    # llmperf
    "llmperf.framework": N_("--metadata framework={framework!r} (the serving provider, not necessarily the engine)"),
    "llmperf.itl": N_("llmperf inter_token_latency_s is e2e / output tokens (includes TTFT): stored as e2e per token"),
    "llmperf.duration": N_("duration derived: completed / (completed_requests_per_min / 60)"),
    "llmperf.per_request": N_("statistics computed from the per-request list (successful requests; linear-interpolation percentiles)"),
    # lm_eval
    "lm_eval.server": N_("lm-eval backend {backend!r} talks to a server: the engine behind it is not recorded"),
    "lm_eval.platform": N_("platform from pretty_env_info: {gpu!r} x {n}"),
    "lm_eval.model": N_("model {model!r}"),
    "lm_eval.stderr_not_finite": N_("{task} {key}: stderr not finite in the file ({raw}); left empty"),
    "lm_eval.value_not_finite": N_("{task} {metric}: value not finite in the file ({raw}); check inconclusive"),
    "lm_eval.hardware": N_("hardware from the report: {hardware!r}"),
    # mlperf
    "mlperf.invalid": N_("LoadGen result is {result}: the run does not meet its constraints"),
    "mlperf.tpot": N_("TPOT from LoadGen 'Time to Output Token' (first token excluded)"),
    "mlperf.platform_count": N_("platform and GPU count read from the system name in the path"),
    "mlperf.platform": N_("platform read from the system name in the path"),
    # mlperf_results
    "mlperf_results.throughput": N_("MLPerf Result {result:g} {units} stored as request throughput (one sample is one query)"),
    "mlperf_results.latency": N_("MLPerf Result {result:g} {units} is the 90th-percentile latency"),
    "mlperf_results.unit": N_("MLPerf Result {result:g} {units!r}: unit not imported"),
    "mlperf_results.open_model": N_("MLPerf benchmark {benchmark}, run with model {model} (open division)"),
    "mlperf_results.accuracy": N_("accuracy {accuracy}"),
    "mlperf_results.framework": N_("framework {framework}"),
    "mlperf_results.open": N_("open division: the model or the method may differ from the closed benchmark"),
    "mlperf_results.platform_count": N_("platform and GPU count read from the system name {system!r} (the accelerator columns are empty)"),
    "mlperf_results.platform": N_("platform read from the system name {system!r} (the accelerator columns are empty)"),
    "mlperf_results.cpu": N_("system {system!r}: a CPU run, no accelerator"),
    "mlperf_results.design_power": N_("design_power_watts {watts}: the system's rated power, not a measurement (not imported as energy)"),
    "mlperf_results.power": N_("measured system power {watts:g} W (MLPerf Power: the whole node's wall power) over {gpus} GPUs"),
    "mlperf_results.power_unused": N_("measured system power {watts:g} W not used: the row gives no GPU count"),
    "mlperf_results.power_alone": N_("a power result ({system}, {model}, {scenario}) with no performance row of the same system, model and scenario: not imported"),
    "mlperf_results.accuracy_open": N_("open division: MLPerf sets no accuracy target, the accuracy is not checked"),
    "mlperf_results.accuracy_unjudged": N_("no known MLPerf accuracy target for {benchmark}: its accuracy is kept unjudged"),
    "mlperf_results.accuracy_check": N_("accuracy at this load checked against MLPerf's {benchmark} target: {verdict} (a parity check of this file)"),
    # how a derived figure was computed (the how of normalize.derived / normalize.disagrees)
    "how.total_isl_osl": N_("(total ISL + total OSL) / benchmark_duration"),
    "how.all_tokens": N_("all tokens / total_latency"),
    "how.per_request_arrays": N_("from the file's per-request arrays"),
    "how.latencies_list": N_("from the latencies list"),
    "how.last_end_first_start": N_("last end - first start"),
    "how.output_tokens_duration": N_("output tokens / duration"),
    "how.total_output_tokens": N_("total output tokens / benchmark_duration"),
    "how.power_energy": N_("avg_power_w x {gpus} GPUs / {key}"),
    "how.power_energy_per_gpu": N_("avg_power_w / {key}"),
    # normalize
    "normalize.disagrees": N_("{key}: file says {own:.6g}, recomputed {how} gives {derived:.6g} ({diff:+.1f} %); file value kept"),
    "normalize.disagrees_zero": N_("{key}: file says {own:.6g}, recomputed {how} gives 0; file value kept"),
    "normalize.derived": N_("{key} derived: {how}"),
    "normalize.given": N_("{name} given by the user"),
    "normalize.from_name": N_("{name} {value} from the file name, confirmed by the user"),
    "normalize.kept": N_("{name}: the file says {current!r}, the user said {given!r}; the file's value is kept"),
    "normalize.gpu_count_ignored": N_("GPU count {gpus} ignored (must be positive)"),
    "normalize.per_gpu_derived": N_("output tokens/s per GPU derived: output tokens/s / GPU count ({gpus})"),
    "normalize.per_gpu_disagrees": N_("output tokens/s per GPU: file says {own:.6g}, output tokens/s / GPU count gives {derived:.6g}; file value kept"),
    "normalize.interactivity_derived": N_("tokens/s per user derived: 1000 / TPOT p50"),
    "normalize.interactivity_disagrees": N_("tokens/s per user: file says {own:.6g}, 1000 / TPOT p50 gives {derived:.6g}; file value kept"),
    # import
    "import.bom": N_("decoded as {encoding} (byte-order mark)"),
    "import.no_bom": N_("decoded as {encoding}: no byte-order mark, recognised by the zero bytes of its first "
                        "characters"),
    "import.dropped_line_path": N_("line {line:d}, {path}: the file holds {held}, not a finite number; left empty"),
    "import.dropped_line": N_("line {line:d}: the file holds {held}, not a finite number; left empty"),
    "import.dropped_path": N_("{path}: the file holds {held}, not a finite number; left empty"),
    "import.held_digits": N_("an integer of {n} digits"),
    "import.held_many_digits": N_("an integer of over 4000 digits"),
    "import.held_overflow": N_("{value}, which overflows in {scale:g} x unit conversion"),
    "import.dropped": N_("the file: the file holds {held}, not a finite number; left empty"),
    "import.kind_kept": N_("{format} files are {kind_text}: kind {kind} kept, not {given} as given"),
    # where in a run, check or provenance a text was (the place of safety.surrogate / safety.cut)
    "place.run_field": N_("run {n} {field}"),
    "place.run_flag": N_("run {n} quality flag"),
    "place.check_field": N_("check {n} {field}"),
    "place.provenance": N_("provenance {field}"),
    # safety
    "safety.surrogate": N_("{place}: the file holds a lone surrogate ({codes}), not valid Unicode; replaced by U+FFFD"),
    "safety.cut": N_("{place}: {n:,} characters; cut to {max:,}"),
    "safety.derived_not_finite": N_("{name}: derived value is not finite ({value}) from the file's figures; left empty"),
    "safety.latency_unit": N_("{name} is {value} ms, and no served model answers in under {min:g} ms: the file's "
                              "*_ms fields hold seconds (or another unit), so every latency of the run is left empty "
                              "(no SLO is judged on it); re-export it in milliseconds, or import the figures as a "
                              "CSV with --unit ttft_ms=s"),
    "safety.too_small": N_("{name}: the file holds {value}, too small to be a measurement (a denormal or truncated number? below {min:g}); left empty"),
    # sglang
    "sglang.gpus": N_("GPU count from server_info: TP {tp} × PP {pp} × DP {dp}"),
    "sglang.gpus_dp_attention": N_("GPU count from server_info: TP {tp} × PP {pp}"),
    "sglang.runtime_server_info": N_("runtime 'sglang' read from server_info (the server answered SGLang's /server_info)"),
    "sglang.failed_errors": N_("failed counted from the errors list"),
    "sglang.failed_unknown": N_("failed unknown: bench_serving does not record failed requests without --output-details"),
    "sglang.none_completed": N_("no request completed"),
    "sglang.requested_lengths": N_("input/output tokens are the requested random lengths (no token totals in the file)"),
    "sglang.concurrency": N_("measured mean concurrency {conc:.4g} (not the target)"),
    "sglang.accept_length": N_("speculative decoding accept length {length:.4g} tokens/step"),
    "sglang.static_batch": N_("static batch: TTFT mean is the prefill step, TPOT p50 the median decode step"),
    "sglang.one_batch": N_("runtime 'sglang': bench_one_batch runs the SGLang engine in-process"),
    "sglang.decode_rate": N_("the file's output_throughput {own:.6g} is a decode-phase rate (output tokens / (latency - TTFT of the last request)); not used as output tokens/s"),
    "sglang.last_ttft": N_("TTFT mean is last_ttft: the TTFT of the last request of the batch"),
    # simulators
    "simulators.vidur_prediction": N_("Vidur output is a simulation (no hardware ran it): imported as kind predicted"),
    "simulators.blis_prediction": N_("BLIS output is a simulation (no hardware ran it): imported as kind predicted"),
    "simulators.vidur": N_("simulated by Vidur: seconds converted to ms; TTFT = prefill_e2e_time, TPOT = (e2e - TTFT) / (decode tokens - 1), e2e per token = e2e / decode tokens; no ITL"),
    "simulators.vidur_config": N_("device, TP, replicas and request rate are in Vidur's config.json, not in this file"),
    "simulators.extra": N_("{name} {value}"),
    "simulators.blis": N_("simulated by BLIS: itl is per decode step; tokens_per_sec counts output tokens"),
    "simulators.blis_inputs": N_("hardware, TP and request rate are BLIS inputs, not in its output"),
    "simulators.golden_inputs": N_("model, hardware {hardware}, tp {tp} and rate are the test's simulation inputs"),
    "simulators.golden_lengths": N_("inputs: prompt {prompt} tokens (+{prefix} prefix), output {output} tokens, max-num-seqs {seqs}"),
    # trtllm
    "trtllm.runtime": N_("runtime 'trtllm' (backend {backend}) read from engine"),
    "trtllm.concurrency": N_("measured mean concurrency {conc:.4g} (the --concurrency limit is not stored)"),
    "trtllm.no_streaming": N_("no streaming_metrics (run without --streaming): no TTFT or TPOT"),
    "trtllm.issue_rate": N_("world_info.issue_rate ignored (known unit bug in trtllm-bench)"),
    "trtllm.per_user": N_("output_throughput_per_user_tok_s includes the context phase: not used as interactivity"),
    "trtllm.speculative": N_("speculative decoding ({mode}): mean acceptance length {acc:.4g}"),
    # vllm
    "vllm.runtime": N_("runtime {runtime!r} read from the file's backend {backend!r}"),
    "vllm.inferencemax_name": N_("InferenceMAX run: {values} read from the file name"),
    "vllm.metadata_gpu": N_("platform and GPU count read from --metadata gpu={gpu!r}"),
    "vllm.metadata_count": N_("GPU count read from --metadata {key}="),
    "vllm.overrides": N_("vllm bench sweep serve overrides: {overrides}"),
    "vllm.swept_gpus": N_("GPU count {gpus} from the swept {keys}"),
    "vllm.peak": N_("max_concurrent_requests {peak:g} is the observed peak; the load is max_concurrency {load:g}"),
    "vllm.failed_derived": N_("failed derived: num_prompts - completed"),
    "vllm.per_request": N_("per-request arrays reduced (linear-interpolation percentiles, as vLLM's np.percentile)"),
    "vllm.tokens_per_second": N_("tokens_per_second counts prompt + output tokens: stored as total tokens/s, not output"),
    "vllm.offline": N_("offline run: the whole dataset is submitted at once (no concurrency limit)"),
    "vllm.iterations": N_("{n} timed iterations of one batch each"),
    "vllm.batch_latency": N_("e2e is the latency of one whole batch (batch size, input and output length are not in the file)"),
    # parity_baselines
    "parity_baselines.reference": N_("reference for model {model!r}"),
    # edits
    "edits.set_by_user": N_("{name} set by the user"),
    "edits.set_by_user_was": N_("{name} set by the user (was {old!r})"),
    # storage
    "storage.non_finite_null": N_("the file held {value} for {key}; stored as null (schema 2)"),
    # a parity check's rule (ParityCheck.tolerance, importers/parity_rules.py): the parts of a rule
    # are joined by "; " (messages.chain), each part is one message
    "chain": "{first}; {rest}",
    "parity.mlperf_target": N_("MLPerf {benchmark} closed-division accuracy target (submission checker)"),
    "parity.mlperf_at_least": N_("{metric} {value:.6g} >= {limit:.6g} ({fraction:g} x reference {reference:g})"),
    "parity.mlperf_at_most": N_("{metric} {value:.6g} <= {limit:.6g} ({fraction:g} x reference {reference:g})"),
    "parity.mlperf_missing": N_("{metric} not in the accuracy column"),
    "parity.mlperf_no_target": N_("no known MLPerf accuracy target for {benchmark}"),
    "parity.reference_only": N_("reference value only: no candidate measurement to judge"),
    "parity.no_value": N_("no value"),
    "parity.correct_rate": N_("vLLM correct_rate(%) only checks that output parses as JSON: not schema-compliance evidence (vLLM issue #55441)"),
    "parity.no_reference": N_("no reference value to compare with"),
    "parity.cliff_fail": N_("no-cliff rule: value {value:.4f} < 0.9 x reference = {floor:.4f}"),
    "parity.cliff_ok": N_("no-cliff rule: value >= 0.9 x reference = {floor:.4f}"),
    "parity.unpaired_higher": N_("{kind} {ruleset} (unpaired, higher is better): delta = {delta:+.4f}"),
    "parity.unpaired_lower": N_("{kind} {ruleset} (unpaired, lower is better): delta = {delta:+.4f}"),
    "parity.no_se_candidate": N_("no standard error or sample count for the candidate: cannot tell drift from noise"),
    "parity.no_se_reference": N_("no standard error or sample count for the reference: cannot tell drift from noise"),
    "parity.no_se_both": N_("no standard error or sample count for the candidate and reference: cannot tell drift from noise"),
    "parity.se_file": N_("from the file"),
    "parity.se_agresti": N_("Agresti-Coull from n={n:d}"),
    "parity.se_d": N_("SE_d = {se_d:.4f} (candidate {se_c:.4f} [{src_c}], reference {se_r:.4f} [{src_r}])"),
    "parity.pass_if": N_("pass if delta >= -max(2*SE_d, 0.005) = {limit:+.4f}"),
    "parity.fail_if": N_("fail if delta < -max(3*SE_d, 0.02) = {limit:+.4f}"),
    "parity.underpowered_d": N_("underpowered: 2*SE_d = {value:.4f} > {limit:g} (too few samples; raise the eval's limit)"),
    "parity.suspicious": N_("suspiciously better than the reference: check the eval configuration"),
    "parity.between": N_("between the pass and fail limits"),
    "parity.published_higher": N_("value >= reference x (1 - {rtol:g}) = {threshold:.4f}"),
    "parity.published_lower": N_("value <= reference x (1 + {rtol:g}) = {threshold:.4f}"),
    "parity.published": N_("{kind} {ruleset} vs a published reference (one-sided): {rule}"),
    "parity.value_delta": N_("value {value:.4f}, delta {delta:+.4f}"),
    "parity.wilson": N_("Wilson 95 % lower bound {lower:.4f} (n={n:d})"),
    "parity.candidate_n_unknown": N_("candidate sample count unknown: cannot pass"),
    "parity.underpowered": N_("underpowered: 2*SE = {value:.4f} > {limit:g}"),
    "parity.published_warning": N_("warning: the published reference's sample count and eval configuration are not verified (pass with warning)"),
    "parity.bitwise": N_("kernel {ruleset}: bitwise equality required (value {value:g}; 1 = identical)"),
    "parity.kernel_unknown": N_("kernel {ruleset}: no known threshold for metric {metric!r} dtype {dtype!r}"),
    "parity.give_threshold": N_("give one (threshold column)"),
    "parity.user_threshold": N_("user-given threshold"),
    "parity.kernel_limit": N_("kernel {ruleset}: {metric} <= {limit:g} ({source})"),
    "parity.value_3g": N_("value {value:.3g}"),
    "parity.value_4g": N_("value {value:.4g}"),
    "parity.topk": N_("logits {ruleset}: top-5 containment at the first divergence for 100 % of prompts (value {value:.4f})"),
    "parity.logprob": N_("logits {ruleset}: max |delta logprob| <= {limit:g} (SGLang prefill/decode tolerance)"),
    "parity.needs_prompts": N_("needs >= {min:d} prompts (n={n})"),
    "parity.n_prompts": N_("n={n:d} prompts"),
    "parity.n": N_("n={n:d}"),
    "parity.greedy_across": N_("greedy match {ruleset}: match rate {value:.4f} across different hardware or runtimes is reported, not gated (see logits / eval accuracy)"),
    "parity.greedy_same": N_("greedy match {ruleset}: same stack, feature toggled: 100 % identical tokens required (value {value:.4f})"),
    "parity.json_validity": N_("structured output {ruleset}: json_validity >= {min:g} with constrained decoding (value {value:.4f})"),
    "parity.needs_samples": N_("needs >= {min:d} samples (n={n})"),
    "parity.coverage_no_reference": N_("structured output coverage: no reference value to compare with"),
    "parity.coverage": N_("structured output {ruleset}: coverage delta >= -{drop:g} (delta {delta:+.4f})"),
    "parity.not_comparable": N_("not comparable: the candidate is {candidate!r}, the reference {reference!r} (a parity check compares one model on two stacks)"),
    "parity.no_reference_yet": N_("no reference yet: import with --reference to judge"),
    "parity.no_reference_yet_lower": N_("no reference yet: import with --reference to judge (lower is better)"),
    "parity.value_not_finite": N_("the file's value is not finite ({raw}): no finite value to compare, inconclusive by rule"),
    "parity.value_not_finite_lower": N_("the file's value is not finite ({raw}): no finite value to compare, inconclusive by rule (lower is better)"),
    "parity.baseline_sglang": N_("SGLang CI lm-eval baseline (two-sided np.isclose, default rtol 0.08)"),
    "parity.baseline_vllm": N_("vLLM CI lm-eval baseline (one-sided measured >= value x (1 - rtol), default rtol 0.08)"),
    "parity.baseline_rtol": N_("this file sets rtol {rtol:g}"),
    "parity.baseline_reference": N_("reference value only ({rule})"),
    "parity.sample_limit": N_("limit {limit} is the eval's sample limit"),
    "parity.gsm8k_reference": N_("reference value only (vLLM gsm8k gate: measured >= threshold - tolerance, tolerance {tolerance:g})"),
    "parity.shots": N_("{shots}-shot, {n} questions"),
    "parity.one_needle": N_("one needle cell (n=1): too few samples to judge on its own"),
    "parity.not_finite_fields": N_("{fields}: left empty, check inconclusive"),
    "parity.field_not_finite": N_("{name} not finite ({value})"),
}

#: counted flags: id -> (singular and plural template, the parameter that counts); the singular is
#: the flag's template in :data:`TEMPLATES`, the plural is chosen by the count in every language
COUNTED: dict[str, tuple[tuple[str, str], str]] = {
    "aiconfigurator.workers": (N_plural("{name}: {workers} worker x {parallel} (GPUs per worker: {per_worker})", "{name}: {workers} workers x {parallel} (GPUs per worker: {per_worker})"), "workers"),
    "genai_perf.telemetry_table": (N_plural("GPU count from the GPU telemetry table ({n} GPU, {memory} GB total memory; GPU model not recorded)", "GPU count from the GPU telemetry table ({n} GPUs, {memory} GB total memory; GPU model not recorded)"), "n"),
    "inferencex.role_gpus_differ": (N_plural("{role}: the row states {stated} GPUs, {workers} worker x TP {tp} (EP {ep}) gives {computed}; the stated count is kept", "{role}: the row states {stated} GPUs, {workers} workers x TP {tp} (EP {ep}) gives {computed}; the stated count is kept"), "workers"),
    "aisimulate.missing_predictions": (N_plural("{mode} {phase}: {n} planned point without a prediction", "{mode} {phase}: {n} planned points without a prediction"), "n"),
    "aisimulate.cancelled": (N_plural("{n} request cancelled at the end of the profiling window", "{n} requests cancelled at the end of the profiling window"), "n"),
    "llmd.engine": (N_plural("{label}: {role}, {replicas} replica x {count} (accelerators per replica), {parallelism}", "{label}: {role}, {replicas} replicas x {count} (accelerators per replica), {parallelism}"), "replicas"),
    "sglang.gpus_nodes": (N_plural("GPU count from server_info: TP {tp} × PP {pp} × DP {dp} ({nodes} node)", "GPU count from server_info: TP {tp} × PP {pp} × DP {dp} ({nodes} nodes)"), "nodes"),
    "sglang.gpus_dp_attention_nodes": (N_plural("GPU count from server_info: TP {tp} × PP {pp} ({nodes} node)", "GPU count from server_info: TP {tp} × PP {pp} ({nodes} nodes)"), "nodes"),
    "simulators.restarts": (N_plural("{n} request restart (preemption)", "{n} request restarts (preemption)"), "n"),
    "vllm.sweep": (N_plural("vllm bench sweep serve summary.json: {n} run of the sweep", "vllm bench sweep serve summary.json: {n} runs of the sweep"), "n"),
}
TEMPLATES.update({fid: forms[0] for fid, (forms, _count) in COUNTED.items()})

#: the "(s)" templates these flags had before they were counted: old workspaces' English text
#: ("... (1 node(s))") still reads back as the flag
_OLD_TEMPLATES: dict[str, str] = {
    "aiconfigurator.workers": "{name}: {workers} worker(s) x {parallel} ({per_worker} GPUs each)",
    "genai_perf.telemetry_table": "gpu_count from the GPU telemetry table ({n} GPU(s), {memory} GB total memory; GPU model not recorded)",
    "inferencex.role_gpus_differ": "{role}: the row states {stated} GPUs, {workers} worker(s) x TP {tp} (EP {ep}) gives {computed}; the stated count is kept",
    "aisimulate.missing_predictions": "{mode} {phase}: {n} planned point(s) without a prediction",
    "aisimulate.cancelled": "{n} request(s) cancelled at the end of the profiling window",
    "llmd.engine": "{label}: {role}, {replicas} replica(s) x {count} accelerator(s), {parallelism}",
    "sglang.gpus_nodes": "gpu_count from server_info: tp {tp} x pp {pp} x dp {dp} ({nodes} node(s))",
    "sglang.gpus_dp_attention_nodes": "gpu_count from server_info: tp {tp} x pp {pp} ({nodes} node(s))",
    "simulators.restarts": "{n} request restart(s) (preemption)",
    "vllm.sweep": "vllm bench sweep serve summary.json: {n} run(s) of the sweep",
}

#: the templates of flags whose English named a run's field by its id before it was written in words
#: ("gpu_count from server_info: tp 8 x pp 1 x dp 1"): a workspace of schema 3 stored that text, which
#: still reads back as the flag
_ID_TEMPLATES: tuple[tuple[str, str], ...] = (
    ("parity.greedy_across", "greedy_match {ruleset}: match rate {value:.4f} across different hardware or runtimes is reported, not gated (see logits / eval_accuracy)"),
    ("parity.greedy_same", "greedy_match {ruleset}: same stack, feature toggled: 100 % identical tokens required (value {value:.4f})"),
    ("parity.json_validity", "structured_output {ruleset}: json_validity >= {min:g} with constrained decoding (value {value:.4f})"),
    ("parity.coverage_no_reference", "structured_output coverage: no reference value to compare with"),
    ("parity.coverage", "structured_output {ruleset}: coverage delta >= -{drop:g} (delta {delta:+.4f})"),
    ("aiconfigurator.inclusive_tpot", "--inclusive-tpot: the file's tpot {tpot:.6g} ms is (ttft + TPOT x (osl - 1)) / osl, the time per output token with the first included (stored as e2e_per_token_ms); TPOT recovered as 1000 / tokens/s/user {per_user:g} = {exclusive:.6g} ms"),
    ("simulators.vidur", "simulated by Vidur: seconds converted to ms; TTFT = prefill_e2e_time, TPOT = (e2e - TTFT) / (decode tokens - 1), e2e_per_token = e2e / decode tokens; no ITL"),
    ("sglang.gpus", "gpu_count from server_info: tp {tp} x pp {pp} x dp {dp}"),
    ("sglang.gpus_dp_attention", "gpu_count from server_info: tp {tp} x pp {pp}"),
    ("inferencemax.gpu_count", "gpu_count = tp x pp x pcp = {tp} x {pp} x {pcp}"),
    ("aisimulate.gpus_from_throughput", "gpu_count {gpus} = total_tput_tps / tput_per_gpu = {counted:.4g}"),
    ("normalize.gpu_count_ignored", "gpu_count {gpus} ignored (must be positive)"),
    ("normalize.per_gpu_derived", "output_tps_per_gpu derived: output_throughput_tps / gpu_count ({gpus})"),
    ("normalize.per_gpu_disagrees", "output_tps_per_gpu: file says {own:.6g}, output_throughput_tps / gpu_count gives {derived:.6g}; file value kept"),
    ("normalize.interactivity_derived", "interactivity_tps_per_user derived: 1000 / tpot_ms_p50"),
    ("normalize.interactivity_disagrees", "interactivity_tps_per_user: file says {own:.6g}, 1000 / tpot_ms_p50 gives {derived:.6g}; file value kept"),
    ("vllm.metadata_count", "gpu_count read from --metadata {key}="),
    ("vllm.swept_gpus", "gpu_count {gpus} from the swept {keys}"),
    ("vllm.tokens_per_second", "tokens_per_second counts prompt + output tokens: stored as total_throughput_tps, not output"),
    ("llmperf.itl", "llmperf inter_token_latency_s is e2e / output tokens (includes TTFT): stored as e2e_per_token_ms"),
    ("llmperf.duration", "duration_s derived: completed / (completed_requests_per_min / 60)"),
    ("guidellm.tpot", "guidellm time_per_output_token_ms includes TTFT: stored as e2e_per_token_ms; inter_token_latency_ms is TPOT"),
    ("mlperf.tpot", "tpot_ms from LoadGen 'Time to Output Token' (first token excluded)"),
    ("sglang.decode_rate", "the file's output_throughput {own:.6g} is a decode-phase rate (output tokens / (latency - TTFT of the last request)); not used as output_throughput_tps"),
    ("sglang.static_batch", "static batch: ttft_ms_mean is the prefill step, tpot_ms_p50 the median decode step"),
    ("sglang.last_ttft", "ttft_ms_mean is last_ttft: the TTFT of the last request of the batch"),
    ("genai_perf.per_user", "output_token_throughput_per_user (mean of per-request 1000/ITL) is not 1000 / tpot_ms_p50; interactivity_tps_per_user is derived from TPOT instead"),
    ("vllm.batch_latency", "e2e_ms is the latency of one whole batch (batch size, input and output length are not in the file)"),
)

TEXT = "text"  # the id of a literal text (plain(): user text, a file's own words)


def flag(id: str, /, **params: Param) -> Message:
    """The flag ``id`` with its parameters (the template is ``TEMPLATES[id]``; a counted flag's form
    follows its count)."""
    return _message(id, TEMPLATES[id], params)


def _message(fid: str, template: str, params: dict[str, Param]) -> Message:
    counted = COUNTED.get(fid)
    if counted is not None and template == counted[0][0]:
        (singular, plural), count = counted
        return msgn(fid, singular, plural, count, **params)
    return msg(fid, template, **params)


def english(m: Message | str) -> str:
    """The English text of a flag (``--json`` output, matching, sorting)."""
    if isinstance(m, str):
        return m

    with i18n.using(i18n.DEFAULT):
        return m.render()


# ---------------------------------------------------------------------------------------------
# storage


def to_data(m: Message) -> str | dict[str, Any]:
    """A flag as plain data: literal text as a string, ours as ``{id, params}`` (and the English
    ``template`` too when the id is not in :data:`TEMPLATES`, so it still reads back)."""
    if m.id == TEXT and m.template == "{text}":
        return str(m.args.get("text", ""))
    out: dict[str, Any] = {"id": m.id}
    if TEMPLATES.get(m.id) != m.template:
        out["template"] = m.template
    if m.params:
        out["params"] = {k: _param_to_data(v) for k, v in m.params}
    return out


def _param_to_data(v: Param) -> Any:
    if isinstance(v, Message):
        return to_data(v)
    if isinstance(v, tuple):
        return [_param_to_data(x) for x in v]
    return v


class FlagDataError(ValueError):
    """Stored flag data that is not a flag (the codec names its key path)."""


_FLAG_KEYS = frozenset({"id", "template", "params"})
_PLAIN_PARAM = frozenset({str, int, float, bool, type(None)})  # classes of a parameter kept as it is


# Flags read from data, by what they were read from: a sweep of ten thousand result files states the
# same few flags on every run, and a message is immutable, so one object serves them all. The key
# holds each parameter's class beside its value (1, 1.0 and True are equal keys but render apart);
# data with a parameter that is not a plain value is not kept.
_READ: dict[tuple[Any, ...], Message] = {}
_READ_MAX = 4096


def from_data(data: Any) -> Message:
    """A flag from what :func:`to_data` wrote; raises FlagDataError for anything else."""
    if isinstance(data, str):
        return plain(data)
    key: tuple[Any, ...] | None = None
    if data.__class__ is dict:
        raw = data.get("params")
        if raw is None or raw.__class__ is dict:
            key = (tuple(data), data.get("id"), data.get("template"),
                   tuple((k, v.__class__, v) for k, v in raw.items()) if raw else ())
            try:
                got = _READ.get(key)
            except TypeError:  # a parameter that is a list or a mapping
                key = got = None
            if got is not None:
                return got
    flag = _from_data(data)
    if key is not None:
        if len(_READ) >= _READ_MAX:
            _READ.clear()
        _READ[key] = flag
    return flag


def _from_data(data: Any) -> Message:
    # a dict is looked at before the Mapping test (an abstract class's check costs more than the rest)
    if not (data.__class__ is dict or isinstance(data, Mapping)) or not isinstance(data.get("id"), str) \
            or not data["id"]:
        raise FlagDataError(_("expected a text or a mapping with an 'id'"))
    if not _FLAG_KEYS.issuperset(data):
        unknown = set(data) - _FLAG_KEYS
        raise FlagDataError(_("unknown key {key!r} (expected id, params, template)").format(key=sorted(unknown)[0]))
    fid: str = data["id"]
    raw = data.get("params") or {}
    if not (raw.__class__ is dict or isinstance(raw, Mapping)):
        raise FlagDataError(_("params must be a mapping"))
    params = {str(k): v if v.__class__ in _PLAIN_PARAM else _param_from_data(v) for k, v in raw.items()}
    template = data.get("template")
    if not isinstance(template, str):
        template = TEMPLATES.get(fid)
    if fid == TEXT and template is None:
        template = "{text}"
    if template is None:  # an id this version does not know, without its template
        shown = ", ".join(f"{k}={v}" for k, v in params.items())
        return plain(f"{fid} ({shown})" if shown else fid)
    try:
        return _message(fid, template, params) if params else _bare(fid, template)
    except ValueError:
        raise FlagDataError(_("flag {id!r}: params {params} do not match its template {template!r}").format(
            id=fid, params=", ".join(sorted(params)) or "-", template=template)) from None


@lru_cache(maxsize=4096)
def _bare(fid: str, template: str) -> Message:
    """A flag without parameters (about half of those stored): made once, shared (a Message is immutable)."""
    return msg(fid, template)


def _param_from_data(v: Any) -> Param:
    if isinstance(v, Mapping):
        return from_data(v)
    if isinstance(v, list):
        return tuple(_param_from_data(x) for x in v)
    if v is None or isinstance(v, (str, int, float, bool)):
        return v
    return str(v)  # YAML dates and the like: as their text


# ---------------------------------------------------------------------------------------------
# old workspaces: English text back to the message


_FORMATTER = string.Formatter()


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str, str, tuple[tuple[str, str, str], ...]], ...]:
    """One anchored pattern per template (and per old template), the most specific (most literal text) first."""
    out: list[tuple[int, re.Pattern[str], str, str, tuple[tuple[str, str, str], ...]]] = []
    for fid, template in [*TEMPLATES.items(), *_OLD_TEMPLATES.items(), *_ID_TEMPLATES]:
        parts: list[str] = []
        fields: list[tuple[str, str, str]] = []
        literal = 0
        for text, name, spec, conversion in _FORMATTER.parse(template):
            parts.append(re.escape(text))
            literal += len(text)
            if name is not None:
                group = f"f{len(fields)}"
                fields.append((name, spec or "", conversion or ""))
                parts.append(f"(?P<{group}>.+?)" if fields[-1][2] != "r" else f"(?P<{group}>'.*?'|\".*?\")")
        if sum(ch.isalpha() for ch in template if ch not in "{}") - sum(len(n) for n, _, _ in fields) < 5:
            continue  # too little text of its own ("{name} {value}"): it would match anybody's words
        out.append((literal, re.compile("".join(parts) + r"\Z", re.DOTALL), fid, template, tuple(fields)))
    out.sort(key=lambda t: -t[0])
    return tuple((p, fid, template, fields) for _, p, fid, template, fields in out)


def _value(text: str, spec: str, conversion: str) -> Param:
    if conversion == "r":
        try:
            value = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            return text
        return value if isinstance(value, str) else text
    if spec:  # written as a number
        try:
            return int(text.replace(",", "")) if spec.endswith(",") or spec == "d" else float(text)
        except ValueError:
            return None
    for convert in (int, float):
        try:
            value = convert(text)
        except ValueError:
            continue
        if str(value) == text or convert is float:  # "1e3" stays a number, "007" stays text
            return value if str(value) == text else text
    return text


@cache
def _fixed_texts() -> dict[str, Message]:
    """The "how" messages (no parameters) by their English text."""
    return {t: Message(i, t) for i, t in TEMPLATES.items() if i.startswith("how.")}


def from_english(text: str) -> Message:
    """The flag whose English rendering is ``text``, or ``text`` as literal text."""
    for pattern, fid, template, fields in _patterns():
        m = pattern.match(text)
        if m is None:
            continue
        params: dict[str, Param] = {}
        ok = True
        for i, (name, spec, conversion) in enumerate(fields):
            value = _value(m.group(f"f{i}"), spec, conversion)
            if value is None or (name in params and params[name] != value):
                ok = False
                break
            params[name] = value
        if not ok:
            continue
        candidate = msg(fid, template, **params)
        with i18n.using(i18n.DEFAULT):  # as it was written: a run's field by its id
            written = candidate.render(field_ids=True)
        if written == text:  # only an exact round trip: otherwise the text as written
            if template != TEMPLATES[fid]:  # an old "(s)" text: the flag, now counted
                return _message(fid, TEMPLATES[fid], params)
            if not fid.startswith("normalize."):
                return candidate
            fixed = _fixed_texts()  # the "how" of a derived figure: one of ours when its text is
            return msg(fid, TEMPLATES[fid], **{k: fixed.get(v, v) if isinstance(v, str) else v
                                                for k, v in params.items()})
    return plain(text)


# ---------------------------------------------------------------------------------------------
# a parity check's rule


def rule(*parts: Message) -> Message:
    """A parity rule of one or more parts, joined by "; " (each part one of the ``parity.`` messages)."""
    out = chain(parts)
    assert out is not None
    return out


def _split_parts(text: str) -> list[str]:
    """``text`` split at each "; " outside parentheses and brackets."""
    parts: list[str] = []
    depth = 0
    start = 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in "([":
            depth += 1
        elif ch in ")]" and depth:
            depth -= 1
        elif depth == 0 and text.startswith("; ", i):
            parts.append(text[start:i])
            start = i + 2
            i += 2
            continue
        i += 1
    parts.append(text[start:])
    return parts


def _nested(m: Message) -> Message:
    """``m`` with each text parameter that is one of the parity messages' English text as that message."""
    if not m.id.startswith("parity."):
        return m
    params: dict[str, Param] = {}
    changed = False
    for k, v in m.params:
        if isinstance(v, str) and v:
            inner = from_english(v)
            if inner.id.startswith("parity."):
                params[k] = _nested(inner)
                changed = True
                continue
        params[k] = v
    return msg(m.id, m.template, **params) if changed else m


def rule_from_english(text: str) -> Message:
    """A parity rule from its English text (schema 4 and older stored the text): each "; " part
    that one of our messages renders exactly becomes that message, any other part stays as written,
    so the rule renders the same English text."""
    parts = []
    for part in _split_parts(text):
        m = _nested(from_english(part)) if part else plain(part)
        parts.append(m if part in _written(m) else plain(part))
    return rule(*parts)


def _written(m: Message) -> set[str]:
    """The English texts ``m`` had: as it renders now, and by each template its id had before it named
    fields and parity kinds in words ("greedy_match ..." for "greedy match ...")."""
    out = {english(m)}
    with i18n.using(i18n.DEFAULT):
        for fid, template in _ID_TEMPLATES:
            if fid == m.id and not m.plural:
                out.add(Message(m.id, template, m.params).render(field_ids=True))
    return out
