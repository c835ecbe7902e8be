// One seeded game of each of the five games against a live service, through the Kotlin client
// openapi-generator's `kotlin` generator writes from openapi.yaml (JVM library, kotlinx.serialization; the
// options are tests/clients/kotlin/config.yaml). Every request is a generated type and every answer is read
// through one: setup, legal-moves, a move chosen from the typed list, moves, until the status says over;
// then score, whose typed winners are printed. In Chinatown the program builds a trade of its own from
// ChinatownTradeMove and ChinatownTransfer (legal-moves never lists trades), in Fifth Avenue a bid from
// FifthAvenueBidMove. Every state an answer carries is encoded back to JSON from its generated type and
// compared with the answer's own JSON (a field the type drops or changes is a difference; null and absent
// are taken as the same).
//
// Prints one JSON object on stdout; tests/test_generated_jvm_clients.py reads it. SERVICE_URL names the service.
package play

import kotlinx.serialization.KSerializer
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.buildJsonObject
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.put
import okhttp3.OkHttpClient
import org.openapitools.client.apis.AlhambraApi
import org.openapitools.client.apis.ChinatownApi
import org.openapitools.client.apis.FifthAvenueApi
import org.openapitools.client.apis.NewYorkApi
import org.openapitools.client.apis.Skyline3000Api
import org.openapitools.client.infrastructure.Serializer
import org.openapitools.client.models.AlhambraEvent
import org.openapitools.client.models.AlhambraLegalMovesRequest
import org.openapitools.client.models.AlhambraMove
import org.openapitools.client.models.AlhambraMoveRequest
import org.openapitools.client.models.AlhambraScoreRequest
import org.openapitools.client.models.AlhambraSetupRequest
import org.openapitools.client.models.AlhambraState
import org.openapitools.client.models.ChinatownEvent
import org.openapitools.client.models.ChinatownLegalMovesRequest
import org.openapitools.client.models.ChinatownMove
import org.openapitools.client.models.ChinatownMoveRequest
import org.openapitools.client.models.ChinatownScoreRequest
import org.openapitools.client.models.ChinatownSetupRequest
import org.openapitools.client.models.ChinatownState
import org.openapitools.client.models.ChinatownTradeMove
import org.openapitools.client.models.ChinatownTransfer
import org.openapitools.client.models.FifthAvenueBidMove
import org.openapitools.client.models.FifthAvenueEvent
import org.openapitools.client.models.FifthAvenueLegalMovesRequest
import org.openapitools.client.models.FifthAvenueMove
import org.openapitools.client.models.FifthAvenueMoveRequest
import org.openapitools.client.models.FifthAvenueScoreRequest
import org.openapitools.client.models.FifthAvenueSetupRequest
import org.openapitools.client.models.FifthAvenueState
import org.openapitools.client.models.NewYorkEvent
import org.openapitools.client.models.NewYorkLegalMovesRequest
import org.openapitools.client.models.NewYorkMove
import org.openapitools.client.models.NewYorkMoveRequest
import org.openapitools.client.models.NewYorkScoreRequest
import org.openapitools.client.models.NewYorkSetupRequest
import org.openapitools.client.models.NewYorkState
import org.openapitools.client.models.Skyline3000Event
import org.openapitools.client.models.Skyline3000LegalMovesRequest
import org.openapitools.client.models.Skyline3000Move
import org.openapitools.client.models.Skyline3000MoveRequest
import org.openapitools.client.models.Skyline3000ScoreRequest
import org.openapitools.client.models.Skyline3000SetupRequest
import org.openapitools.client.models.Skyline3000State
import org.openapitools.client.models.Status

/** The body of the last answer, as it came (kept by an OkHttp interceptor), for the round trips. */
private var lastBody: String = ""

private val http: OkHttpClient =
    OkHttpClient.Builder()
        .addInterceptor { chain ->
            val response = chain.proceed(chain.request())
            lastBody = response.peekBody(Long.MAX_VALUE).string()
            response
        }
        .build()

private val json get() = Serializer.kotlinxSerializationJson

/** What a move answered: read from its generated type. */
class Turn<S, E>(val legal: Boolean, val state: S?, val status: Status, val events: List<E>)

/** A move the program builds itself, and what it is called in the output. */
class Built<M>(val name: String, val move: M)

/** One game through its generated API: the same loop plays all five. */
class Game<S, M, E>(
    val id: String,
    val stateType: KSerializer<S>,
    val setup: () -> Pair<S, Status>,
    val legalMoves: (S) -> List<M>,
    val move: (S, M) -> Turn<S, E>,
    val winners: (S) -> List<String>,
    val ended: (E) -> List<String>?,
    val build: (S, Status, List<M>) -> Built<M>? = { _, _, _ -> null },
    val builtWorked: (String, List<E>) -> Boolean = { _, _ -> false },
)

/** The first place two JSON values differ, as a JSON pointer with both sides; null when equal. A member
 *  that is null on one side and absent on the other is no difference (kotlinx.serialization writes every
 *  optional member, null when unset; Gson in the Java client leaves out every null). */
fun difference(sent: JsonElement?, back: JsonElement?, at: String = ""): String? {
    if ((sent == null || sent is JsonNull) && (back == null || back is JsonNull)) return null
    if (sent is JsonObject && back is JsonObject) {
        for (key in (sent.keys + back.keys).sorted()) {
            difference(sent[key], back[key], "$at/$key")?.let { return it }
        }
        return null
    }
    if (sent is JsonArray && back is JsonArray && sent.size == back.size) {
        sent.indices.forEach { i -> difference(sent[i], back[i], "$at/$i")?.let { return it } }
        return null
    }
    return if (sent == back) null else "$at: sent ${sent ?: "(absent)"}, back ${back ?: "(absent)"}"
}

fun <S, M, E> play(game: Game<S, M, E>): JsonObject {
    var roundTrips = 0
    val differences = mutableListOf<String>()
    fun roundTrip(state: S) {
        val sent = json.parseToJsonElement(lastBody).jsonObject["state"]
        val back = json.encodeToJsonElement(game.stateType, state)
        roundTrips += 1
        difference(sent, back)?.let { if (differences.size < 5) differences += it }
    }
    var (state, status) = game.setup()
    roundTrip(state)
    var moves = 0
    var pick = 7L
    var ended: List<String>? = null
    val built = mutableMapOf<String, Boolean>()
    while (!status.over) {
        val listed = game.legalMoves(state)
        check(listed.isNotEmpty()) { "${game.id}: no legal move while the game goes on" }
        pick = (pick * 1103515245L + 12345L) % 2147483648L
        val own = game.build(state, status, listed)?.takeIf { it.name !in built }
        val chosen = own?.move ?: listed[(pick % listed.size).toInt()]
        val answer = game.move(state, chosen)
        check(answer.legal && answer.state != null) { "${game.id}: move $chosen refused: $lastBody" }
        if (own != null) built[own.name] = game.builtWorked(own.name, answer.events)
        state = answer.state!!
        status = answer.status
        roundTrip(state)
        answer.events.forEach { event -> game.ended(event)?.let { ended = it } }
        moves += 1
        check(moves <= 5000) { "${game.id}: no end after 5000 moves" }
    }
    val winners = game.winners(state)
    return buildJsonObject {
        put("game", game.id)
        put("moves", moves)
        put("over", status.over)
        put("winners", JsonArray(winners.map(::JsonPrimitive)))
        put("status_winners", JsonArray(status.winners.map(::JsonPrimitive)))
        put("ended", JsonArray((ended ?: emptyList()).map(::JsonPrimitive)))
        put("built", JsonObject(built.mapValues { JsonPrimitive(it.value) }))
        put("round_trips", roundTrips)
        put("differences", JsonArray(differences.map(::JsonPrimitive)))
        put("final_state", json.encodeToJsonElement(game.stateType, state))
    }
}

/** A game that throws is reported with its error (the first lines), and the others still play. */
fun attempt(id: String, game: () -> JsonObject): JsonObject =
    try {
        game()
    } catch (error: Exception) {
        error.printStackTrace()
        buildJsonObject {
            put("game", id)
            put("error", error.toString().lines().take(3).joinToString(" ").take(1500))
            put("last_answer", lastBody.take(1500))
        }
    }

fun main() {
    // The contract's optional members are left out when unset, never sent as null (docs/wire.md): the
    // generated client's own configuration hook says so to kotlinx, which writes every unset member as null.
    Serializer.kotlinxSerializationJsonConfiguration = { explicitNulls = false }
    val base = System.getenv("SERVICE_URL") ?: "http://127.0.0.1:8080"
    val newYork = NewYorkApi(base, http)
    val alhambra = AlhambraApi(base, http)
    val chinatown = ChinatownApi(base, http)
    val skyline = Skyline3000Api(base, http)
    val fifth = FifthAvenueApi(base, http)
    val results = listOf(
        attempt("newyork") { play(Game<NewYorkState, NewYorkMove, NewYorkEvent>(
            "newyork", NewYorkState.serializer(),
            setup = {
                newYork.newyorkSetup(NewYorkSetupRequest(players = setOf("anna", "ben"), seed = 7)).let { it.state to it.status }
            },
            legalMoves = { newYork.newyorkLegalMoves(NewYorkLegalMovesRequest(state = it)).moves },
            move = { s, m -> newYork.newyorkMove(NewYorkMoveRequest(state = s, move = m)).let { Turn(it.legal, it.state, it.status, it.events) } },
            winners = { newYork.newyorkScore(NewYorkScoreRequest(state = it)).winners },
            ended = { (it as? NewYorkEvent.GameEndedWrapper)?.value?.winners },
        )) },
        attempt("alhambra") { play(Game<AlhambraState, AlhambraMove, AlhambraEvent>(
            "alhambra", AlhambraState.serializer(),
            setup = {
                alhambra.alhambraSetup(AlhambraSetupRequest(players = setOf("anna", "ben", "cleo"), seed = 3)).let { it.state to it.status }
            },
            legalMoves = { alhambra.alhambraLegalMoves(AlhambraLegalMovesRequest(state = it)).moves },
            move = { s, m -> alhambra.alhambraMove(AlhambraMoveRequest(state = s, move = m)).let { Turn(it.legal, it.state, it.status, it.events) } },
            winners = { alhambra.alhambraScore(AlhambraScoreRequest(state = it)).winners },
            ended = { (it as? AlhambraEvent.GameEndedWrapper)?.value?.winners },
        )) },
        attempt("chinatown") { play(Game<ChinatownState, ChinatownMove, ChinatownEvent>(
            "chinatown", ChinatownState.serializer(),
            setup = {
                chinatown.chinatownSetup(ChinatownSetupRequest(players = setOf("anna", "ben", "cleo"), seed = 11)).let { it.state to it.status }
            },
            legalMoves = { chinatown.chinatownLegalMoves(ChinatownLegalMovesRequest(state = it)).moves },
            move = { s, m -> chinatown.chinatownMove(ChinatownMoveRequest(state = s, move = m)).let { Turn(it.legal, it.state, it.status, it.events) } },
            winners = { chinatown.chinatownScore(ChinatownScoreRequest(state = it)).winners },
            ended = { (it as? ChinatownEvent.GameEndedWrapper)?.value?.winners },
            // While trading is open (legal-moves offers end_trading): the player to move sells the
            // first lot it owns to the next player for $10,000.
            build = { state, status, listed ->
                if (listed.none { it is ChinatownMove.EndTradingWrapper }) null else {
                    val seller = status.toMove.first()
                    val ids = state.players.orEmpty().map { it.id }
                    val buyer = ids[(ids.indexOf(seller) + 1) % ids.size]
                    val lot = state.board.entries.first { it.value.owner == seller }.key.toInt()
                    Built<ChinatownMove>("trade", ChinatownMove.TradeWrapper(ChinatownTradeMove(
                        type = ChinatownTradeMove.Type.trade,
                        player = seller,
                        transfers = listOf(
                            ChinatownTransfer(from = seller, to = buyer, lots = listOf(lot)),
                            ChinatownTransfer(from = buyer, to = seller, money = 10000),
                        ),
                    )))
                }
            },
            builtWorked = { _, events -> events.any { it is ChinatownEvent.TradeWrapper } },
        )) },
        attempt("skyline3000") { play(Game<Skyline3000State, Skyline3000Move, Skyline3000Event>(
            "skyline3000", Skyline3000State.serializer(),
            setup = {
                skyline.skyline3000Setup(Skyline3000SetupRequest(players = setOf("anna", "ben"), seed = 7)).let { it.state to it.status }
            },
            legalMoves = { skyline.skyline3000LegalMoves(Skyline3000LegalMovesRequest(state = it)).moves },
            move = { s, m -> skyline.skyline3000Move(Skyline3000MoveRequest(state = s, move = m)).let { Turn(it.legal, it.state, it.status, it.events) } },
            winners = { skyline.skyline3000Score(Skyline3000ScoreRequest(state = it)).winners },
            ended = { (it as? Skyline3000Event.GameEndedWrapper)?.value?.winners },
        )) },
        attempt("fifthavenue") { play(Game<FifthAvenueState, FifthAvenueMove, FifthAvenueEvent>(
            "fifthavenue", FifthAvenueState.serializer(),
            setup = {
                fifth.fifthavenueSetup(FifthAvenueSetupRequest(players = setOf("anna", "ben", "cleo"), seed = 5)).let { it.state to it.status }
            },
            legalMoves = { fifth.fifthavenueLegalMoves(FifthAvenueLegalMovesRequest(state = it)).moves },
            move = { s, m -> fifth.fifthavenueMove(FifthAvenueMoveRequest(state = s, move = m)).let { Turn(it.legal, it.state, it.status, it.events) } },
            winners = { fifth.fifthavenueScore(FifthAvenueScoreRequest(state = it)).winners },
            ended = { (it as? FifthAvenueEvent.GameEndedWrapper)?.value?.winners },
            // At the first auction: the bidder's lowest listed bid, built field by field.
            build = { _, status, listed ->
                listed.filterIsInstance<FifthAvenueMove.BidWrapper>().firstOrNull()?.value?.let { offered ->
                    val bid = FifthAvenueBidMove(
                        type = FifthAvenueBidMove.Type.bid,
                        player = status.toMove.first(),
                        cards = offered.cards.toList(),
                        colour = offered.colour,
                    )
                    check(bid == offered) { "a built bid differs from the listed one: $bid, $offered" }
                    Built<FifthAvenueMove>("bid", FifthAvenueMove.BidWrapper(bid))
                }
            },
            builtWorked = { _, events -> events.any { it is FifthAvenueEvent.BidWrapper } },
        )) },
    )
    println(buildJsonObject {
        put("language", "kotlin")
        put("results", JsonArray(results))
    })
    if (results.any { "error" in it }) kotlin.system.exitProcess(1)
}
