print("containerkit")
