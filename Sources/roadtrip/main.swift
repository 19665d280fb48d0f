print("roadtrip")
