// One seeded game of each of the five games against a live service, through the Java client
// openapi-generator's `java` generator writes from openapi.yaml (its default library, okhttp-gson; the options
// are tests/clients/java/config.yaml), built by the pom.xml it writes. Every request is a generated type and
// every answer is read through one: setup, legal-moves, a move chosen from the typed list, moves, until the
// status says over; then score, whose typed winners are printed. In Chinatown the program builds a trade of
// its own from ChinatownTradeMove and ChinatownTransfer (legal-moves never lists trades), in Fifth Avenue a
// bid from FifthAvenueBidMove. Every state an answer carries is encoded back to JSON from its generated type
// and compared with the answer's own JSON (a field the type drops or changes is a difference; null and
// absent are taken as the same).
//
// Prints one JSON object on stdout; tests/test_generated_jvm_clients.py reads it. SERVICE_URL names the service.
package play;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import okhttp3.OkHttpClient;
import okhttp3.Response;
import org.openapitools.client.ApiClient;
import org.openapitools.client.JSON;
import org.openapitools.client.api.AlhambraApi;
import org.openapitools.client.api.ChinatownApi;
import org.openapitools.client.api.FifthAvenueApi;
import org.openapitools.client.api.NewYorkApi;
import org.openapitools.client.api.Skyline3000Api;
import org.openapitools.client.model.*;

public final class Play {
    /** The body of the last answer, as it came (kept by an OkHttp interceptor), for the round trips. */
    static String lastBody = "";

    /** A call through the generated API, which may throw its ApiException. */
    interface Call<T, R> {
        R apply(T argument) throws Exception;
    }

    interface Call2<T, U, R> {
        R apply(T first, U second) throws Exception;
    }

    /** What a move answered: read from its generated type. */
    record Turn<S, E>(boolean legal, S state, Status status, List<E> events) {}

    /** What setup answered. */
    record Start<S>(S state, Status status) {}

    /** A move the program builds itself, and what it is called in the output. */
    record Built<M>(String name, M move) {}

    /** A move the program may build: from the state, the status and the listed moves; null when none. */
    interface Builder<S, M> {
        Built<M> build(S state, Status status, List<M> listed);
    }

    /** One game through its generated API: the same loop plays all five. */
    record Game<S, M, E>(
            String id,
            Call<Void, Start<S>> setup,
            Call<S, List<M>> legalMoves,
            Call2<S, M, Turn<S, E>> move,
            Call<S, List<String>> winners,
            Function<E, List<String>> ended,
            Builder<S, M> builder,
            Function<List<E>, Boolean> builtWorked) {}

    static JsonElement tree(Object typed) {
        return JsonParser.parseString(JSON.getGson().toJson(typed));
    }

    static JsonArray strings(List<String> values) {
        JsonArray out = new JsonArray();
        values.forEach(out::add);
        return out;
    }

    /** The first place two JSON values differ, as a JSON pointer with both sides; null when equal. A member
     *  that is null on one side and absent on the other is no difference (Gson leaves out every null;
     *  kotlinx.serialization in the Kotlin client writes every optional member, null when unset). */
    static String difference(JsonElement sent, JsonElement back, String at) {
        if ((sent == null || sent.isJsonNull()) && (back == null || back.isJsonNull())) return null;
        if (sent != null && back != null && sent.isJsonObject() && back.isJsonObject()) {
            TreeSet<String> keys = new TreeSet<>(sent.getAsJsonObject().keySet());
            keys.addAll(back.getAsJsonObject().keySet());
            for (String key : keys) {
                String found = difference(sent.getAsJsonObject().get(key), back.getAsJsonObject().get(key), at + "/" + key);
                if (found != null) return found;
            }
            return null;
        }
        if (sent != null && back != null && sent.isJsonArray() && back.isJsonArray()
                && sent.getAsJsonArray().size() == back.getAsJsonArray().size()) {
            for (int i = 0; i < sent.getAsJsonArray().size(); i++) {
                String found = difference(sent.getAsJsonArray().get(i), back.getAsJsonArray().get(i), at + "/" + i);
                if (found != null) return found;
            }
            return null;
        }
        if (sent == null ? back == null : sent.equals(back)) return null;
        return at + ": sent " + (sent == null ? "(absent)" : sent) + ", back " + (back == null ? "(absent)" : back);
    }

    static <S, M, E> JsonObject play(Game<S, M, E> game) throws Exception {
        List<String> differences = new ArrayList<>();
        int[] roundTrips = {0};
        Function<S, Void> roundTrip = state -> {
            JsonElement sent = JsonParser.parseString(lastBody).getAsJsonObject().get("state");
            String found = difference(sent, tree(state), "");
            roundTrips[0] += 1;
            if (found != null && differences.size() < 5) differences.add(found);
            return null;
        };
        Start<S> start = game.setup().apply(null);
        S state = start.state();
        Status status = start.status();
        roundTrip.apply(state);
        int moves = 0;
        long pick = 7;
        List<String> ended = List.of();
        Map<String, Boolean> built = new LinkedHashMap<>();
        while (!status.getOver()) {
            List<M> listed = game.legalMoves().apply(state);
            if (listed.isEmpty()) throw new IllegalStateException(game.id() + ": no legal move while the game goes on");
            pick = (pick * 1103515245L + 12345L) % 2147483648L;
            Built<M> own = game.builder() == null ? null : game.builder().build(state, status, listed);
            if (own != null && built.containsKey(own.name())) own = null;
            M chosen = own != null ? own.move() : listed.get((int) (pick % listed.size()));
            Turn<S, E> answer = game.move().apply(state, chosen);
            if (!answer.legal() || answer.state() == null) {
                throw new IllegalStateException(game.id() + ": move refused: " + lastBody);
            }
            if (own != null) built.put(own.name(), game.builtWorked().apply(answer.events()));
            state = answer.state();
            status = answer.status();
            roundTrip.apply(state);
            for (E event : answer.events()) {
                List<String> named = game.ended().apply(event);
                if (named != null) ended = named;
            }
            moves += 1;
            if (moves > 5000) throw new IllegalStateException(game.id() + ": no end after 5000 moves");
        }
        List<String> winners = game.winners().apply(state);
        JsonObject out = new JsonObject();
        out.addProperty("game", game.id());
        out.addProperty("moves", moves);
        out.addProperty("over", status.getOver());
        out.add("winners", strings(winners));
        out.add("status_winners", strings(status.getWinners()));
        out.add("ended", strings(ended));
        JsonObject builtOut = new JsonObject();
        built.forEach(builtOut::addProperty);
        out.add("built", builtOut);
        out.addProperty("round_trips", roundTrips[0]);
        out.add("differences", strings(differences));
        out.add("final_state", tree(state));
        return out;
    }

    /** A game that throws is reported with its error, and the others still play. */
    static JsonObject attempt(String id, Call<Void, JsonObject> game) {
        try {
            return game.apply(null);
        } catch (Exception error) {
            error.printStackTrace();
            JsonObject out = new JsonObject();
            out.addProperty("game", id);
            String said = error.toString();
            out.addProperty("error", said.substring(0, Math.min(1500, said.length())));
            out.addProperty("last_answer", lastBody.substring(0, Math.min(1500, lastBody.length())));
            return out;
        }
    }

    static Set<String> players(String... ids) {
        return new LinkedHashSet<>(List.of(ids));
    }

    public static void main(String[] args) {
        String base = System.getenv().getOrDefault("SERVICE_URL", "http://127.0.0.1:8080");
        OkHttpClient http = new OkHttpClient.Builder()
                .addInterceptor(chain -> {
                    Response response = chain.proceed(chain.request());
                    lastBody = response.peekBody(Long.MAX_VALUE).string();
                    return response;
                })
                .build();
        ApiClient client = new ApiClient(http);
        client.setBasePath(base);
        NewYorkApi newYork = new NewYorkApi(client);
        AlhambraApi alhambra = new AlhambraApi(client);
        ChinatownApi chinatown = new ChinatownApi(client);
        Skyline3000Api skyline = new Skyline3000Api(client);
        FifthAvenueApi fifth = new FifthAvenueApi(client);
        List<JsonObject> results = new ArrayList<>();

        results.add(attempt("newyork", none -> play(new Game<NewYorkState, NewYorkMove, NewYorkEvent>(
                "newyork",
                v -> {
                    NewYorkSetupAnswer a = newYork.newyorkSetup(new NewYorkSetupRequest().players(players("anna", "ben")).seed(7L), null, null);
                    return new Start<>(a.getState(), a.getStatus());
                },
                s -> newYork.newyorkLegalMoves(new NewYorkLegalMovesRequest().state(s), null, null).getMoves(),
                (s, m) -> {
                    NewYorkMoveAnswer a = newYork.newyorkMove(new NewYorkMoveRequest().state(s).move(m), null, null);
                    return new Turn<>(a.getLegal(), a.getState(), a.getStatus(), a.getEvents());
                },
                s -> newYork.newyorkScore(new NewYorkScoreRequest().state(s), null, null).getWinners(),
                e -> e.getActualInstance() instanceof NewYorkGameEndedEvent end ? end.getWinners() : null,
                null, events -> false))));

        results.add(attempt("alhambra", none -> play(new Game<AlhambraState, AlhambraMove, AlhambraEvent>(
                "alhambra",
                v -> {
                    AlhambraSetupAnswer a = alhambra.alhambraSetup(new AlhambraSetupRequest().players(players("anna", "ben", "cleo")).seed(3L), null, null);
                    return new Start<>(a.getState(), a.getStatus());
                },
                s -> alhambra.alhambraLegalMoves(new AlhambraLegalMovesRequest().state(s), null, null).getMoves(),
                (s, m) -> {
                    AlhambraMoveAnswer a = alhambra.alhambraMove(new AlhambraMoveRequest().state(s).move(m), null, null);
                    return new Turn<>(a.getLegal(), a.getState(), a.getStatus(), a.getEvents());
                },
                s -> alhambra.alhambraScore(new AlhambraScoreRequest().state(s), null, null).getWinners(),
                e -> e.getActualInstance() instanceof AlhambraGameEndedEvent end ? end.getWinners() : null,
                null, events -> false))));

        results.add(attempt("chinatown", none -> play(new Game<ChinatownState, ChinatownMove, ChinatownEvent>(
                "chinatown",
                v -> {
                    ChinatownSetupAnswer a = chinatown.chinatownSetup(new ChinatownSetupRequest().players(players("anna", "ben", "cleo")).seed(11L), null, null);
                    return new Start<>(a.getState(), a.getStatus());
                },
                s -> chinatown.chinatownLegalMoves(new ChinatownLegalMovesRequest().state(s), null, null).getMoves(),
                (s, m) -> {
                    ChinatownMoveAnswer a = chinatown.chinatownMove(new ChinatownMoveRequest().state(s).move(m), null, null);
                    return new Turn<>(a.getLegal(), a.getState(), a.getStatus(), a.getEvents());
                },
                s -> chinatown.chinatownScore(new ChinatownScoreRequest().state(s), null, null).getWinners(),
                e -> e.getActualInstance() instanceof ChinatownGameEndedEvent end ? end.getWinners() : null,
                // While trading is open (legal-moves offers end_trading): the player to move sells the first
                // lot it owns to the next player for $10,000.
                (state, status, listed) -> {
                    if (listed.stream().noneMatch(m -> m.getActualInstance() instanceof ChinatownEndTradingMove)) return null;
                    String seller = status.getToMove().get(0);
                    List<String> ids = state.getPlayers().stream().map(ChinatownPlayer::getId).toList();
                    String buyer = ids.get((ids.indexOf(seller) + 1) % ids.size());
                    int lot = state.getBoard().entrySet().stream()
                            .filter(entry -> seller.equals(entry.getValue().getOwner()))
                            .map(entry -> Integer.parseInt(entry.getKey()))
                            .findFirst().orElseThrow();
                    ChinatownTradeMove trade = new ChinatownTradeMove()
                            .type(ChinatownTradeMove.TypeEnum.TRADE)
                            .player(seller)
                            .transfers(List.of(
                                    new ChinatownTransfer().from(seller).to(buyer).lots(List.of(lot)),
                                    new ChinatownTransfer().from(buyer).to(seller).money(10000)));
                    return new Built<>("trade", new ChinatownMove(trade));
                },
                events -> events.stream().anyMatch(e -> e.getActualInstance() instanceof ChinatownTradeEvent)))));

        results.add(attempt("skyline3000", none -> play(new Game<Skyline3000State, Skyline3000Move, Skyline3000Event>(
                "skyline3000",
                v -> {
                    Skyline3000SetupAnswer a = skyline.skyline3000Setup(new Skyline3000SetupRequest().players(players("anna", "ben")).seed(7L), null, null);
                    return new Start<>(a.getState(), a.getStatus());
                },
                s -> skyline.skyline3000LegalMoves(new Skyline3000LegalMovesRequest().state(s), null, null).getMoves(),
                (s, m) -> {
                    Skyline3000MoveAnswer a = skyline.skyline3000Move(new Skyline3000MoveRequest().state(s).move(m), null, null);
                    return new Turn<>(a.getLegal(), a.getState(), a.getStatus(), a.getEvents());
                },
                s -> skyline.skyline3000Score(new Skyline3000ScoreRequest().state(s), null, null).getWinners(),
                e -> e.getActualInstance() instanceof Skyline3000GameEndedEvent end ? end.getWinners() : null,
                null, events -> false))));

        results.add(attempt("fifthavenue", none -> play(new Game<FifthAvenueState, FifthAvenueMove, FifthAvenueEvent>(
                "fifthavenue",
                v -> {
                    FifthAvenueSetupAnswer a = fifth.fifthavenueSetup(new FifthAvenueSetupRequest().players(players("anna", "ben", "cleo")).seed(5L), null, null);
                    return new Start<>(a.getState(), a.getStatus());
                },
                s -> fifth.fifthavenueLegalMoves(new FifthAvenueLegalMovesRequest().state(s), null, null).getMoves(),
                (s, m) -> {
                    FifthAvenueMoveAnswer a = fifth.fifthavenueMove(new FifthAvenueMoveRequest().state(s).move(m), null, null);
                    return new Turn<>(a.getLegal(), a.getState(), a.getStatus(), a.getEvents());
                },
                s -> fifth.fifthavenueScore(new FifthAvenueScoreRequest().state(s), null, null).getWinners(),
                e -> e.getActualInstance() instanceof FifthAvenueGameEndedEvent end ? end.getWinners() : null,
                // At the first auction: the bidder's lowest listed bid, built field by field.
                (state, status, listed) -> {
                    FifthAvenueBidMove offered = listed.stream()
                            .filter(m -> m.getActualInstance() instanceof FifthAvenueBidMove)
                            .map(m -> (FifthAvenueBidMove) m.getActualInstance())
                            .findFirst().orElse(null);
                    if (offered == null) return null;
                    FifthAvenueBidMove bid = new FifthAvenueBidMove()
                            .type(FifthAvenueBidMove.TypeEnum.BID)
                            .player(status.getToMove().get(0))
                            .cards(new ArrayList<>(offered.getCards()))
                            .colour(offered.getColour());
                    if (!bid.equals(offered)) throw new IllegalStateException("a built bid differs from the listed one: " + bid);
                    return new Built<>("bid", new FifthAvenueMove(bid));
                },
                events -> events.stream().anyMatch(e -> e.getActualInstance() instanceof FifthAvenueBidEvent)))));

        JsonObject out = new JsonObject();
        out.addProperty("language", "java");
        JsonArray all = new JsonArray();
        results.forEach(all::add);
        out.add("results", all);
        System.out.println(out);
        if (results.stream().anyMatch(r -> r.has("error"))) System.exit(1);
    }
}
