// One seeded game of each of the five games against a live service, through the Go client
// openapi-generator's `go` generator writes from openapi.yaml (options: tests/clients/go/config.yaml):
// setup, legal-moves, a move chosen from the typed list, moves, until the status says over; then score,
// whose typed winners are printed. In Chinatown the program builds a trade of its own from ChinatownTradeMove
// and ChinatownTransfer (legal-moves never lists trades), in Fifth Avenue a bid from FifthAvenueBidMove; the
// choices are the Java and Kotlin programs' own, so the same seeds play the same games. Every state an answer
// carries is encoded back to JSON from its generated type and compared with the answer's own JSON (null and
// absent taken as the same). Prints one JSON object on stdout, which tests/test_generated_jvm_clients.py
// reads; SERVICE_URL names the service.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"reflect"
	"sort"
	"strconv"

	citygames "github.com/city-games/client"
)

// built is a move the program builds itself, and what it is called in the output.
type built[M any] struct {
	name string
	move M
}

// game is one game through its generated API: the same loop plays all five.
type game[S, M, E any] struct {
	id         string
	setup      func() (S, citygames.Status, *http.Response, error)
	legalMoves func(S) ([]M, error)
	move       func(S, M) (bool, *S, citygames.Status, []E, *http.Response, error)
	winners    func(S) ([]string, error)
	ended      func(E) []string
	builder    func(S, citygames.Status, []M) *built[M]
	worked     func([]E) bool
}

// stateOf is the "state" member of an answer's body as it came (the generated client leaves the body readable).
func stateOf(response *http.Response) any {
	body, err := io.ReadAll(response.Body)
	if err != nil {
		return nil
	}
	var answer map[string]any
	if json.Unmarshal(body, &answer) != nil {
		return nil
	}
	return answer["state"]
}

// difference is the first place two JSON values differ, as a JSON pointer with both sides; "" when equal.
// A member that is null on one side and absent on the other is no difference.
func difference(sent, back any, at string) string {
	if sent == nil && back == nil {
		return ""
	}
	if a, ok := sent.(map[string]any); ok {
		if b, ok := back.(map[string]any); ok {
			keys := map[string]bool{}
			for k := range a {
				keys[k] = true
			}
			for k := range b {
				keys[k] = true
			}
			var sorted []string
			for k := range keys {
				sorted = append(sorted, k)
			}
			sort.Strings(sorted)
			for _, k := range sorted {
				if found := difference(a[k], b[k], at+"/"+k); found != "" {
					return found
				}
			}
			return ""
		}
	}
	if a, ok := sent.([]any); ok {
		if b, ok := back.([]any); ok && len(a) == len(b) {
			for i := range a {
				if found := difference(a[i], b[i], at+"/"+strconv.Itoa(i)); found != "" {
					return found
				}
			}
			return ""
		}
	}
	if reflect.DeepEqual(sent, back) {
		return ""
	}
	return fmt.Sprintf("%s: sent %v, back %v", at, sent, back)
}

func tree(typed any) any {
	text, _ := json.Marshal(typed)
	var out any
	_ = json.Unmarshal(text, &out)
	return out
}

func play[S, M, E any](g game[S, M, E]) (result map[string]any) {
	result = map[string]any{"game": g.id}
	defer func() {
		if failure := recover(); failure != nil {
			result = map[string]any{"game": g.id, "error": fmt.Sprint(failure)}
		}
	}()
	check := func(err error, what string) {
		if err != nil {
			if open, ok := err.(*citygames.GenericOpenAPIError); ok {
				panic(fmt.Sprintf("%s: %v: %s", what, err, string(open.Body())))
			}
			panic(fmt.Sprintf("%s: %v", what, err))
		}
	}
	var differences []string
	roundTrips := 0
	roundTrip := func(state S, response *http.Response) {
		roundTrips++
		if found := difference(stateOf(response), tree(state), ""); found != "" && len(differences) < 5 {
			differences = append(differences, found)
		}
	}
	state, status, response, err := g.setup()
	check(err, "setup")
	roundTrip(state, response)
	moves, pick := 0, int64(7)
	ended := []string{}
	made := map[string]bool{}
	for !status.Over {
		listed, err := g.legalMoves(state)
		check(err, "legal-moves")
		if len(listed) == 0 {
			panic("no legal move while the game goes on")
		}
		pick = (pick*1103515245 + 12345) % 2147483648
		var own *built[M]
		if g.builder != nil {
			own = g.builder(state, status, listed)
		}
		if own != nil {
			if _, done := made[own.name]; done {
				own = nil
			}
		}
		chosen := listed[pick%int64(len(listed))]
		if own != nil {
			chosen = own.move
		}
		legal, next, nextStatus, events, response, err := g.move(state, chosen)
		check(err, "moves")
		if !legal || next == nil {
			panic("a move was refused")
		}
		if own != nil {
			made[own.name] = g.worked(events)
		}
		state, status = *next, nextStatus
		roundTrip(state, response)
		for _, event := range events {
			if named := g.ended(event); named != nil {
				ended = named
			}
		}
		moves++
		if moves > 5000 {
			panic("no end after 5000 moves")
		}
	}
	winners, err := g.winners(state)
	check(err, "score")
	if differences == nil {
		differences = []string{}
	}
	return map[string]any{
		"game": g.id, "moves": moves, "over": status.Over, "winners": winners, "status_winners": status.Winners,
		"ended": ended, "built": made, "round_trips": roundTrips, "differences": differences, "final_state": state,
	}
}

func seeded[R interface{ SetSeed(int64) }](request R, seed int64) R {
	request.SetSeed(seed)
	return request
}

func main() {
	base := os.Getenv("SERVICE_URL")
	if base == "" {
		base = "http://127.0.0.1:8080"
	}
	config := citygames.NewConfiguration()
	config.Servers = citygames.ServerConfigurations{{URL: base}}
	client := citygames.NewAPIClient(config)
	ctx := context.Background()
	var results []map[string]any

	ny := client.NewYorkAPI
	results = append(results, play(game[citygames.NewYorkState, citygames.NewYorkMove, citygames.NewYorkEvent]{
		id: "newyork",
		setup: func() (citygames.NewYorkState, citygames.Status, *http.Response, error) {
			a, r, err := ny.NewyorkSetup(ctx).NewYorkSetupRequest(*seeded(citygames.NewNewYorkSetupRequest([]string{"anna", "ben"}), 7)).Execute()
			if err != nil {
				return citygames.NewYorkState{}, citygames.Status{}, r, err
			}
			return a.State, a.Status, r, nil
		},
		legalMoves: func(s citygames.NewYorkState) ([]citygames.NewYorkMove, error) {
			a, _, err := ny.NewyorkLegalMoves(ctx).NewYorkLegalMovesRequest(*citygames.NewNewYorkLegalMovesRequest(s)).Execute()
			if err != nil {
				return nil, err
			}
			return a.Moves, nil
		},
		move: func(s citygames.NewYorkState, m citygames.NewYorkMove) (bool, *citygames.NewYorkState, citygames.Status, []citygames.NewYorkEvent, *http.Response, error) {
			a, r, err := ny.NewyorkMove(ctx).NewYorkMoveRequest(*citygames.NewNewYorkMoveRequest(s, m)).Execute()
			if err != nil {
				return false, nil, citygames.Status{}, nil, r, err
			}
			return a.Legal, a.State.Get(), a.Status, a.Events, r, nil
		},
		winners: func(s citygames.NewYorkState) ([]string, error) {
			a, _, err := ny.NewyorkScore(ctx).NewYorkScoreRequest(*citygames.NewNewYorkScoreRequest(s)).Execute()
			if err != nil {
				return nil, err
			}
			return a.Winners, nil
		},
		ended: func(e citygames.NewYorkEvent) []string {
			if e.NewYorkGameEndedEvent != nil {
				return e.NewYorkGameEndedEvent.Winners
			}
			return nil
		},
	}))

	al := client.AlhambraAPI
	results = append(results, play(game[citygames.AlhambraState, citygames.AlhambraMove, citygames.AlhambraEvent]{
		id: "alhambra",
		setup: func() (citygames.AlhambraState, citygames.Status, *http.Response, error) {
			a, r, err := al.AlhambraSetup(ctx).AlhambraSetupRequest(*seeded(citygames.NewAlhambraSetupRequest([]string{"anna", "ben", "cleo"}), 3)).Execute()
			if err != nil {
				return citygames.AlhambraState{}, citygames.Status{}, r, err
			}
			return a.State, a.Status, r, nil
		},
		legalMoves: func(s citygames.AlhambraState) ([]citygames.AlhambraMove, error) {
			a, _, err := al.AlhambraLegalMoves(ctx).AlhambraLegalMovesRequest(*citygames.NewAlhambraLegalMovesRequest(s)).Execute()
			if err != nil {
				return nil, err
			}
			return a.Moves, nil
		},
		move: func(s citygames.AlhambraState, m citygames.AlhambraMove) (bool, *citygames.AlhambraState, citygames.Status, []citygames.AlhambraEvent, *http.Response, error) {
			a, r, err := al.AlhambraMove(ctx).AlhambraMoveRequest(*citygames.NewAlhambraMoveRequest(s, m)).Execute()
			if err != nil {
				return false, nil, citygames.Status{}, nil, r, err
			}
			return a.Legal, a.State.Get(), a.Status, a.Events, r, nil
		},
		winners: func(s citygames.AlhambraState) ([]string, error) {
			a, _, err := al.AlhambraScore(ctx).AlhambraScoreRequest(*citygames.NewAlhambraScoreRequest(s)).Execute()
			if err != nil {
				return nil, err
			}
			return a.Winners, nil
		},
		ended: func(e citygames.AlhambraEvent) []string {
			if e.AlhambraGameEndedEvent != nil {
				return e.AlhambraGameEndedEvent.Winners
			}
			return nil
		},
	}))

	ct := client.ChinatownAPI
	results = append(results, play(game[citygames.ChinatownState, citygames.ChinatownMove, citygames.ChinatownEvent]{
		id: "chinatown",
		setup: func() (citygames.ChinatownState, citygames.Status, *http.Response, error) {
			a, r, err := ct.ChinatownSetup(ctx).ChinatownSetupRequest(*seeded(citygames.NewChinatownSetupRequest([]string{"anna", "ben", "cleo"}), 11)).Execute()
			if err != nil {
				return citygames.ChinatownState{}, citygames.Status{}, r, err
			}
			return a.State, a.Status, r, nil
		},
		legalMoves: func(s citygames.ChinatownState) ([]citygames.ChinatownMove, error) {
			a, _, err := ct.ChinatownLegalMoves(ctx).ChinatownLegalMovesRequest(*citygames.NewChinatownLegalMovesRequest(s)).Execute()
			if err != nil {
				return nil, err
			}
			return a.Moves, nil
		},
		move: func(s citygames.ChinatownState, m citygames.ChinatownMove) (bool, *citygames.ChinatownState, citygames.Status, []citygames.ChinatownEvent, *http.Response, error) {
			a, r, err := ct.ChinatownMove(ctx).ChinatownMoveRequest(*citygames.NewChinatownMoveRequest(s, m)).Execute()
			if err != nil {
				return false, nil, citygames.Status{}, nil, r, err
			}
			return a.Legal, a.State.Get(), a.Status, a.Events, r, nil
		},
		winners: func(s citygames.ChinatownState) ([]string, error) {
			a, _, err := ct.ChinatownScore(ctx).ChinatownScoreRequest(*citygames.NewChinatownScoreRequest(s)).Execute()
			if err != nil {
				return nil, err
			}
			return a.Winners, nil
		},
		ended: func(e citygames.ChinatownEvent) []string {
			if e.ChinatownGameEndedEvent != nil {
				return e.ChinatownGameEndedEvent.Winners
			}
			return nil
		},
		// While trading is open (legal-moves offers end_trading): the player to move sells the first lot
		// it owns (by number) to the next player for $10,000.
		builder: func(state citygames.ChinatownState, status citygames.Status, listed []citygames.ChinatownMove) *built[citygames.ChinatownMove] {
			trading := false
			for _, move := range listed {
				trading = trading || move.ChinatownEndTradingMove != nil
			}
			if !trading {
				return nil
			}
			seller := status.ToMove[0]
			var buyer string
			for i, player := range state.Players {
				if player.Id == seller {
					buyer = state.Players[(i+1)%len(state.Players)].Id
				}
			}
			var owned []int
			for number, lot := range state.Board {
				if lot.Owner == seller {
					n, _ := strconv.Atoi(number)
					owned = append(owned, n)
				}
			}
			sort.Ints(owned)
			sold := citygames.NewChinatownTransfer(seller, buyer)
			sold.SetLots([]int32{int32(owned[0])})
			paid := citygames.NewChinatownTransfer(buyer, seller)
			paid.SetMoney(10000)
			trade := citygames.NewChinatownTradeMove("trade", seller, []citygames.ChinatownTransfer{*sold, *paid})
			return &built[citygames.ChinatownMove]{"trade", citygames.ChinatownTradeMoveAsChinatownMove(trade)}
		},
		worked: func(events []citygames.ChinatownEvent) bool {
			for _, event := range events {
				if event.ChinatownTradeEvent != nil {
					return true
				}
			}
			return false
		},
	}))

	sk := client.Skyline3000API
	results = append(results, play(game[citygames.Skyline3000State, citygames.Skyline3000Move, citygames.Skyline3000Event]{
		id: "skyline3000",
		setup: func() (citygames.Skyline3000State, citygames.Status, *http.Response, error) {
			a, r, err := sk.Skyline3000Setup(ctx).Skyline3000SetupRequest(*seeded(citygames.NewSkyline3000SetupRequest([]string{"anna", "ben"}), 7)).Execute()
			if err != nil {
				return citygames.Skyline3000State{}, citygames.Status{}, r, err
			}
			return a.State, a.Status, r, nil
		},
		legalMoves: func(s citygames.Skyline3000State) ([]citygames.Skyline3000Move, error) {
			a, _, err := sk.Skyline3000LegalMoves(ctx).Skyline3000LegalMovesRequest(*citygames.NewSkyline3000LegalMovesRequest(s)).Execute()
			if err != nil {
				return nil, err
			}
			return a.Moves, nil
		},
		move: func(s citygames.Skyline3000State, m citygames.Skyline3000Move) (bool, *citygames.Skyline3000State, citygames.Status, []citygames.Skyline3000Event, *http.Response, error) {
			a, r, err := sk.Skyline3000Move(ctx).Skyline3000MoveRequest(*citygames.NewSkyline3000MoveRequest(s, m)).Execute()
			if err != nil {
				return false, nil, citygames.Status{}, nil, r, err
			}
			return a.Legal, a.State.Get(), a.Status, a.Events, r, nil
		},
		winners: func(s citygames.Skyline3000State) ([]string, error) {
			a, _, err := sk.Skyline3000Score(ctx).Skyline3000ScoreRequest(*citygames.NewSkyline3000ScoreRequest(s)).Execute()
			if err != nil {
				return nil, err
			}
			return a.Winners, nil
		},
		ended: func(e citygames.Skyline3000Event) []string {
			if e.Skyline3000GameEndedEvent != nil {
				return e.Skyline3000GameEndedEvent.Winners
			}
			return nil
		},
	}))

	fa := client.FifthAvenueAPI
	results = append(results, play(game[citygames.FifthAvenueState, citygames.FifthAvenueMove, citygames.FifthAvenueEvent]{
		id: "fifthavenue",
		setup: func() (citygames.FifthAvenueState, citygames.Status, *http.Response, error) {
			a, r, err := fa.FifthavenueSetup(ctx).FifthAvenueSetupRequest(*seeded(citygames.NewFifthAvenueSetupRequest([]string{"anna", "ben", "cleo"}), 5)).Execute()
			if err != nil {
				return citygames.FifthAvenueState{}, citygames.Status{}, r, err
			}
			return a.State, a.Status, r, nil
		},
		legalMoves: func(s citygames.FifthAvenueState) ([]citygames.FifthAvenueMove, error) {
			a, _, err := fa.FifthavenueLegalMoves(ctx).FifthAvenueLegalMovesRequest(*citygames.NewFifthAvenueLegalMovesRequest(s)).Execute()
			if err != nil {
				return nil, err
			}
			return a.Moves, nil
		},
		move: func(s citygames.FifthAvenueState, m citygames.FifthAvenueMove) (bool, *citygames.FifthAvenueState, citygames.Status, []citygames.FifthAvenueEvent, *http.Response, error) {
			a, r, err := fa.FifthavenueMove(ctx).FifthAvenueMoveRequest(*citygames.NewFifthAvenueMoveRequest(s, m)).Execute()
			if err != nil {
				return false, nil, citygames.Status{}, nil, r, err
			}
			return a.Legal, a.State.Get(), a.Status, a.Events, r, nil
		},
		winners: func(s citygames.FifthAvenueState) ([]string, error) {
			a, _, err := fa.FifthavenueScore(ctx).FifthAvenueScoreRequest(*citygames.NewFifthAvenueScoreRequest(s)).Execute()
			if err != nil {
				return nil, err
			}
			return a.Winners, nil
		},
		ended: func(e citygames.FifthAvenueEvent) []string {
			if e.FifthAvenueGameEndedEvent != nil {
				return e.FifthAvenueGameEndedEvent.Winners
			}
			return nil
		},
		// At the first auction: the bidder's lowest listed bid, built field by field.
		builder: func(state citygames.FifthAvenueState, status citygames.Status, listed []citygames.FifthAvenueMove) *built[citygames.FifthAvenueMove] {
			for _, move := range listed {
				if offered := move.FifthAvenueBidMove; offered != nil {
					bid := citygames.NewFifthAvenueBidMove("bid", status.ToMove[0], append([]citygames.FifthAvenueCard{}, offered.Cards...))
					if offered.Colour != nil {
						bid.SetColour(*offered.Colour)
					}
					if !reflect.DeepEqual(tree(bid), tree(offered)) {
						panic(fmt.Sprintf("a built bid differs from the listed one: %v", tree(bid)))
					}
					return &built[citygames.FifthAvenueMove]{"bid", citygames.FifthAvenueBidMoveAsFifthAvenueMove(bid)}
				}
			}
			return nil
		},
		worked: func(events []citygames.FifthAvenueEvent) bool {
			for _, event := range events {
				if event.FifthAvenueBidEvent != nil {
					return true
				}
			}
			return false
		},
	}))

	out, _ := json.Marshal(map[string]any{"language": "go", "results": results})
	fmt.Println(string(out))
	for _, result := range results {
		if _, failed := result["error"]; failed {
			os.Exit(1)
		}
	}
}
