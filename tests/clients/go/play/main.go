// One seeded game of Chinatown against a live service, through the Go client openapi-generator's `go`
// generator writes from openapi.yaml (options: tests/clients/go/config.yaml): setup, legal-moves, a move
// chosen from the typed list, moves, until the status says over; then score, whose typed winners are
// printed. While trading is open the program builds a trade of its own from ChinatownTradeMove and
// ChinatownTransfer (legal-moves never lists trades). Prints one JSON object on stdout, which
// tests/test_generated_jvm_clients.py reads; SERVICE_URL names the service.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"

	citygames "github.com/city-games/client"
)

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	os.Exit(1)
}

func main() {
	base := os.Getenv("SERVICE_URL")
	if base == "" {
		base = "http://127.0.0.1:8080"
	}
	config := citygames.NewConfiguration()
	config.Servers = citygames.ServerConfigurations{{URL: base}}
	api := citygames.NewAPIClient(config).ChinatownAPI
	ctx := context.Background()

	setup := citygames.NewChinatownSetupRequest([]string{"anna", "ben", "cleo"})
	setup.SetSeed(11)
	started, _, err := api.ChinatownSetup(ctx).ChinatownSetupRequest(*setup).Execute()
	if err != nil {
		fail("setup: %v", err)
	}
	state, status := started.State, started.Status
	moves, pick, traded := 0, int64(7), false
	var ended []string
	for !status.Over {
		listed, _, err := api.ChinatownLegalMoves(ctx).ChinatownLegalMovesRequest(*citygames.NewChinatownLegalMovesRequest(state)).Execute()
		if err != nil {
			fail("legal-moves: %v", err)
		}
		if len(listed.Moves) == 0 {
			fail("no legal move while the game goes on")
		}
		pick = (pick*1103515245 + 12345) % 2147483648
		chosen := listed.Moves[pick%int64(len(listed.Moves))]
		trading := false
		for _, move := range listed.Moves {
			trading = trading || move.ChinatownEndTradingMove != nil
		}
		if trading && !traded {
			// The player to move sells the first lot it owns (by number) to the next player for $10,000.
			seller := status.ToMove[0]
			var ids []string
			for _, player := range state.Players {
				ids = append(ids, player.Id)
			}
			var buyer string
			for i, id := range ids {
				if id == seller {
					buyer = ids[(i+1)%len(ids)]
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
			chosen = citygames.ChinatownTradeMoveAsChinatownMove(trade)
		}
		answer, _, err := api.ChinatownMove(ctx).ChinatownMoveRequest(*citygames.NewChinatownMoveRequest(state, chosen)).Execute()
		if err != nil {
			fail("moves: %v", err)
		}
		if !answer.Legal || !answer.State.IsSet() || answer.State.Get() == nil {
			fail("a move was refused: %v", answer.Violations)
		}
		if chosen.ChinatownTradeMove != nil {
			for _, event := range answer.Events {
				traded = traded || event.ChinatownTradeEvent != nil
			}
			if !traded {
				fail("the trade was taken but no trade event came")
			}
		}
		state, status = *answer.State.Get(), answer.Status
		for _, event := range answer.Events {
			if event.ChinatownGameEndedEvent != nil {
				ended = event.ChinatownGameEndedEvent.Winners
			}
		}
		moves++
		if moves > 5000 {
			fail("no end after 5000 moves")
		}
	}
	scored, _, err := api.ChinatownScore(ctx).ChinatownScoreRequest(*citygames.NewChinatownScoreRequest(state)).Execute()
	if err != nil {
		fail("score: %v", err)
	}
	result := map[string]any{
		"game": "chinatown", "moves": moves, "over": status.Over, "winners": scored.Winners,
		"status_winners": status.Winners, "ended": ended, "built": map[string]bool{"trade": traded},
		"final_state": state,
	}
	out, _ := json.Marshal(map[string]any{"language": "go", "results": []any{result}})
	fmt.Println(string(out))
}
